from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from stichblock.urls import handler500, urlpatterns  # noqa: F401


@csrf_exempt
def floor(request):
    """The cheapest Django answer: the full middleware stack, no template, no database."""
    return HttpResponse("ok")


urlpatterns = [path("_floor/", floor), *urlpatterns]
