from hiddenhand.cli import app

app()
