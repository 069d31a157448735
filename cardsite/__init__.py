# The Celery app loads with Django so that @shared_task binds to it.
from cardsite.celery import app as celery_app

__all__ = ["celery_app"]
