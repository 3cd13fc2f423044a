"""gunicorn settings for Stichblock, read from the environment (Docker, systemd, make serve-prod
and the load test all use this file). Measurements behind the defaults: docs/production.md."""

import multiprocessing
import os

# A TCP address ("0.0.0.0:8000" in a container) or a unix socket ("unix:/run/stichblock.sock").
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# cores + 1 processes, one request at a time each (gthread: keep-alive connections wait in
# the worker's poller, not in a thread). More requests in flight only share the CPU and all
# finish later: on 2 cores, 3 × 2 threads kept a round entry's p95 under 100 ms where 5 × 4
# gave 290–600 ms, and with the phones on event streams 3 × 1 used 7–9 % less CPU than 3 × 2
# (two threads of one process take the interpreter from each other) and answered faster
# (docs/production.md). Each thread keeps its own database connection:
# WEB_CONCURRENCY × GUNICORN_THREADS.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", 1))
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
