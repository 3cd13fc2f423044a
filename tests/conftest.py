"""Suite-wide fixtures and the report line that says which database a run used."""

from django.conf import settings


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or ''} {db['NAME']}"
