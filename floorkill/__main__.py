from floorkill.cli import main

raise SystemExit(main())
