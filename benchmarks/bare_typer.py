"""A bare Typer command: the yardstick for ``pfn check``'s start-up time."""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def check(path: str) -> None:
    """Do nothing with ``path``."""


if __name__ == "__main__":
    app()
