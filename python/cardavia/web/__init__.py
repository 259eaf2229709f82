"""``cardavia serve``: the web table.

:mod:`cardavia.web.app` is the ASGI application (Starlette): the server holds every game and
sends each browser only its own seat's view; ``static/`` is the front end (plain HTML, CSS and
JavaScript modules, cards drawn as SVG), ``i18n/`` the labels and messages in English and
Korean. This package imports nothing heavy: the app is built by :func:`cardavia.web.app.create_app`.
"""
