"""What an organizer may do on the scorepad tables of his tournaments (scoring.hooks)."""

from .models import TournamentTable


def organizes(request, table) -> bool:
    """True when the logged-in user organizes the tournament this scorepad table belongs to."""
    user = request.user
    if not user.is_authenticated:
        return False
    return TournamentTable.objects.filter(table=table, round__tournament__organizers=user).exists()
