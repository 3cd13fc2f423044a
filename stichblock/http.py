"""The HTTP methods a view answers, one decorator per kind of view.

A page with a form answers GET and POST, and HEAD like GET (link checkers, uptime monitors and
a phone's prefetch ask HEAD; Django's ``require_http_methods(["GET", "POST"])`` answered them
405). Pages without a form use Django's ``require_safe``; form targets ``require_POST``.
"""

from django.views.decorators.http import require_http_methods

require_form_page = require_http_methods(["GET", "HEAD", "POST"])
