"""Create an organizer account (or set a new password for an existing one).

    manage.py create_organizer anna --email anna@example.org
    manage.py create_organizer anna --password-from-env ORGANIZER_PASSWORD

Without a password option it asks on the terminal, or, without a terminal, generates one and
prints it once.
"""

from __future__ import annotations

import getpass
import os
import secrets
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create an organizer account for club tournaments (or reset its password)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--password-from-env",
            metavar="VARIABLE",
            help="read the password from this environment variable",
        )

    def handle(self, *args, username, email, password_from_env, **options):
        User = get_user_model()
        generated = False
        if password_from_env:
            password = os.environ.get(password_from_env, "")
            if not password:
                raise CommandError(f"environment variable {password_from_env} is empty or unset")
        elif sys.stdin.isatty():
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("the passwords differ")
        else:
            password, generated = secrets.token_urlsafe(12), True
        user = User.objects.filter(username=username).first() or User(username=username)
        try:
            validate_password(password, user)
        except ValidationError as problem:
            raise CommandError(" ".join(problem.messages)) from None
        created = user.pk is None
        if email:
            user.email = email
        user.set_password(password)
        user.save()
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} organizer account “{username}”.")
        if generated:
            self.stdout.write(f"Password (shown once): {password}")
