"""Screens pushed over the podium: the table list and editor, the room, the dispute view,
rulings, the placard, about, a table file's differences, and the modal forms."""
