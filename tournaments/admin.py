from django.contrib import admin

from .models import DrawnSeat, Player, Tournament, TournamentRound, TournamentTable


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["start_number", "name", "club", "withdrawn_at"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game", "profile_name", "rounds", "games_per_round"]
    list_filter = ["game"]
    search_fields = ["name"]
    filter_horizontal = ["organizers"]
    readonly_fields = ["profile", "lot_seed", "public_key", "created_at", "version"]
    inlines = [PlayerInline]


class DrawnSeatInline(admin.TabularInline):
    model = DrawnSeat
    extra = 0
    fields = ["position", "player"]
    readonly_fields = fields


@admin.register(TournamentTable)
class TournamentTableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table"]
    list_select_related = ["round__tournament", "table"]
    readonly_fields = ["round", "number", "table"]
    inlines = [DrawnSeatInline]


@admin.register(TournamentRound)
class TournamentRoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "seed", "repeated_pairs", "published_at"]
    list_select_related = ["tournament"]
    readonly_fields = ["tournament", "number", "seed", "repeated_pairs", "published_at"]
