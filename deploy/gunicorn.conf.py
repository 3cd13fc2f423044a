"""gunicorn settings for Stichblock, read from the environment (Docker, systemd, make serve-prod
and the load test all use this file). Measurements behind the defaults: docs/production.md."""

import multiprocessing
import os

# A TCP address ("0.0.0.0:8000" in a container) or a unix socket ("unix:/run/stichblock.sock").
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Threaded workers, 2 × cores + 1 processes × 4 threads. A request mostly waits on round trips
# to PostgreSQL and Redis (a dozen for a save) and threads overlap those waits; more threads
# per process cost CPU (the GIL handed back and forth). Measured against 3 × 8, 9 × 2 and
# sync workers in docs/production.md.
# Every thread keeps its own database connection: WEB_CONCURRENCY × GUNICORN_THREADS.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", 4))
# Load the app once before forking: workers share its memory and start fast.
preload_app = True
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then (a slow leak never grows without bound); jitter so that they
# do not all restart at once.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 5000))
max_requests_jitter = max_requests // 10
# The proxy logs requests; gunicorn logs errors only (set GUNICORN_ACCESS_LOG=- for access).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# X-Forwarded-* are trusted from the proxy only (its address, or "*" on a private network).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# Request line and header limits well above what a phone sends, far below an attack's.
limit_request_line = 4094
limit_request_fields = 60
