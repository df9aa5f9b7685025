from lokpanchang.cli import main

raise SystemExit(main())
