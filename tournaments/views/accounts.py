"""Organizer accounts: sign-up (settings.TOURNAMENT_SIGNUP, from DJANGO_ORGANIZER_SIGNUP: on
locally, off in production unless set); login and logout are Django's own views with our
templates (see tournaments/urls.py)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from stichblock.http import require_form_page


def signup_open() -> bool:
    return getattr(settings, "TOURNAMENT_SIGNUP", True)


@require_form_page
def signup(request):
    if not signup_open():
        # Say so instead of a bare 404: whoever follows an old link learns whom to ask.
        return render(request, "tournaments/signup.html", {"closed": True}, status=403)
    if request.user.is_authenticated:
        return redirect("tournament_list")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            _("Welcome, %(name)s! Your organizer account is ready.")
            % {"name": user.get_username()},
        )
        return redirect("tournament_list")
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/signup.html", {"form": form}, status=status)
