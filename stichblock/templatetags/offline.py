"""``{% offline_texts %}``: the words of the offline scripts (static/js/stichblock.js lists them)
in the reader's language, as a JSON data block (no inline script: the content security policy
stays strict); ``{% page_cache %}``: where the pages kept for offline use are;
``{% table_prefix %}``: where a table link's pages begin."""

from django import template
from django.utils.html import json_script
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from stichblock.pwa import PAGE_CACHE, table_prefix

register = template.Library()


def counted(singular: str, plural: str) -> dict:
    # German and English have two plural forms: one, and everything else.
    return {"one": ngettext(singular, plural, 1), "other": ngettext(singular, plural, 2)}


def texts() -> dict:
    return {
        "online": _("online"),
        "offline": _("offline"),
        "offlineNote": _("Offline – last known state from %(time)s"),
        "pending": counted(
            "%(count)s entry waiting to be sent", "%(count)s entries waiting to be sent"
        ),
        "stuck": counted("%(count)s entry needs a decision", "%(count)s entries need a decision"),
        "sending": _("Sending …"),
        "sent": _("%(what)s sent"),
        "sentMany": _("%(count)s entries sent (%(first)s to %(last)s)"),
        "kept": _("Kept on this phone: %(what)s is sent as soon as there is a connection."),
        "pendingTitle": _("Not yet sent"),
        "by": _("by %(author)s"),
        "waiting": _("waiting to be sent"),
        "blocked": _("waits for the entry above"),
        "conflict": _("Not sent: %(what)s was saved on another phone in the meantime."),
        "conflictMine": _("Not sent: %(what)s was saved from this phone in the meantime."),
        "otherVersion": _("Saved there by %(who)s at %(time)s:"),
        "yours": _("Your entry:"),
        "openForm": _("Open in the form"),
        "openFormHint": _(
            "The form shows both; saving yours there replaces the other entry, and both "
            "stay in the history."
        ),
        "rejected": _("Not accepted: %(reason)s"),
        "status": _("the server answered %(status)s"),
        "discard": _("Discard"),
        "discardConfirm": _("Discard this entry? What was typed into it is lost."),
        "edit": _("Edit"),
        "editing": _("being edited in the form below"),
        "deciding": _("shown in the form below: save it there, or discard it"),
        "sendNow": _("Send now"),
        "noForm": _(
            "%(what)s can be entered once the entries above are sent: this phone has no form "
            "for it yet."
        ),
        "retrying": _("The server cannot be reached; trying again shortly."),
        "yes": _("yes"),
        # Tonight's table started offline (static/js/evening.js).
        "startWhat": _("Start of the table"),
        "seat": _("Seat %(n)s"),
        "startKept": _(
            "Started on this phone: the table is created as soon as there is a connection; "
            "the games entered until then wait here and follow."
        ),
        "startNotYet": _("Not started yet. Please check:"),
        "startWaiting": _("started on this phone, waiting to be sent"),
        "discardStartConfirm": _(
            "Discard this table? The server has not had it yet: the games entered here are "
            "lost with it."
        ),
        "startBoth": _("Seat %(n)s: a person of the roster or a guest, not both."),
        "startTwice": _("Seat %(n)s: %(name)s already sits at seat %(other)s."),
        "startTooFew": _("Players: this game needs at least %(min)s."),
        "startNoCopy": _(
            "Without a connection this phone cannot start a table of %(count)s players: it has "
            "not yet been given the page for one. Open this page once with a connection."
        ),
    }


@register.simple_tag
def offline_texts():
    return json_script(texts(), "offline-texts")


@register.simple_tag
def page_cache():
    """The name of the Cache Storage that keeps pages for offline use (page-copy.js updates
    them)."""
    return PAGE_CACHE


@register.simple_tag(name="table_prefix")
def table_prefix_tag():
    """The path every page of a table link begins with: the pages' scripts know a save URL by it,
    as the service worker does (its configuration's ``tablePrefix``)."""
    return table_prefix()
