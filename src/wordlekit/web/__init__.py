"""The web app: FastAPI + uvicorn, games and statistics in SQLite, a static front end."""
