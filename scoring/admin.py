"""The operator's view of the scorepad: tables with their seats, links, revisions, events and
disputes, to look at, not to change. Results change only through the app, where every change
becomes a revision with its author and reason (an edit here would bypass that trail)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Access, Dispute, Revision, Seat, Table, TableEvent


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["position", "name"]


class AccessInline(ReadOnlyInline):
    model = Access
    fields = ["role", "label", "link", "created_at"]

    @admin.display(description=_("link"))
    def link(self, access):
        url = reverse("table", args=[access.key])
        return format_html('<a href="{}">{}</a>', url, url)

    def get_readonly_fields(self, request, obj=None):
        return self.fields


class TableEventInline(ReadOnlyInline):
    model = TableEvent
    fields = ["created_at", "kind", "round_number", "author", "device", "reason"]


class DisputeInline(ReadOnlyInline):
    model = Dispute
    fields = ["round_number", "opened_by", "created_at", "applied_at", "kept", "revision"]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "game", "profile_name", "created_at", "version", "locked_at"]
    list_filter = ["game", "profile_name", ("locked_at", admin.EmptyFieldListFilter)]
    search_fields = ["title", "seats__name"]
    date_hierarchy = "created_at"
    fields = [
        "game",
        "title",
        "profile_name",
        "profile",
        "options",
        "created_at",
        "version",
        "locked_at",
        "locked_by",
    ]
    readonly_fields = fields
    inlines = [SeatInline, AccessInline, TableEventInline, DisputeInline]


@admin.register(Revision)
class RevisionAdmin(ReadOnlyAdmin):
    """Every saved version of every round, with who, when and why."""

    list_display = [
        "round",
        "number",
        "is_current",
        "complete",
        "source",
        "author",
        "device",
        "created_at",
    ]
    list_filter = ["source", "is_current", "complete", "round__table__game"]
    list_select_related = ["round__table"]
    search_fields = ["author", "reason", "round__table__title"]
    date_hierarchy = "created_at"
    fields = [
        "round",
        "number",
        "is_current",
        "complete",
        "source",
        "data",
        "scores",
        "author",
        "device",
        "reason",
        "submission",
        "created_at",
    ]
    readonly_fields = fields
