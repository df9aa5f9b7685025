"""The regional calendars of a day: amanta and purnimanta months, Vikram and Shaka years, and
the Tamil, Malayalam, Bengali and Odia solar calendars (``docs/almanac.md``, "Regional
calendars").

``kinds`` names the calendars a subscriber may choose, ``names`` their months and eras in
every language, ``eras`` the year reckonings (plain arithmetic); ``solar`` applies each
region's sankranti rule and ``day`` assembles a day's ``Calendars``.
"""
