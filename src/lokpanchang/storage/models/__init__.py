"""SQLAlchemy 2 models. Table names are the seed's where it names them.

One module per subject; every model, ``Base`` (and so ``Base.metadata``, which Alembic
compares with the database) and the shared constants are imported from here:

- ``base``: ``Base`` and ``UTCDateTime``, the column type of every instant;
- ``subscribers``: subscribers, their addresses, places and history, the messages they sent;
- ``sending``: the daily runs, the delivery ledgers, the prepared panchangams;
- ``scheduling``: scheduled jobs and their runs, beat entries, the database locks;
- ``monitoring``: daily metrics, health samples, API usage, the inbound side's counts;
- ``operators``: admin portal accounts, sessions and failed logins;
- ``inbound``: verified webhook bodies waiting for a worker (the durable inbound store).

All instants are stored as UTC and come back as aware UTC datetimes
(``UTCDateTime``), on SQLite as on PostgreSQL.
"""

from __future__ import annotations

from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.models.inbound import InboundWebhook, InboundWork
from lokpanchang.storage.models.monitoring import (
    ApiUsageLog,
    DailyMetrics,
    InboundCount,
    SystemHealthLog,
)
from lokpanchang.storage.models.operators import LoginFailure, Operator, OperatorSession
from lokpanchang.storage.models.scheduling import (
    BeatEntryStatus,
    ScheduledJob,
    ScheduledJobRun,
    SchedulerLock,
)
from lokpanchang.storage.models.sending import (
    AnnouncementLog,
    BroadcastRun,
    MessageLog,
    NoticeLog,
    PreparedPanchangam,
    ReplyLog,
)
from lokpanchang.storage.models.subscribers import (
    DEFAULT_SEND_TIME,
    FOREVER,
    MAX_ADDRESS,
    CityDetail,
    InboundMessage,
    SubscriberAddress,
    SubscriptionEvent,
    UserDetail,
)

__all__ = [
    "DEFAULT_SEND_TIME",
    "FOREVER",
    "MAX_ADDRESS",
    "AnnouncementLog",
    "ApiUsageLog",
    "Base",
    "BeatEntryStatus",
    "BroadcastRun",
    "CityDetail",
    "DailyMetrics",
    "InboundCount",
    "InboundMessage",
    "InboundWebhook",
    "InboundWork",
    "LoginFailure",
    "MessageLog",
    "NoticeLog",
    "Operator",
    "OperatorSession",
    "PreparedPanchangam",
    "ReplyLog",
    "ScheduledJob",
    "ScheduledJobRun",
    "SchedulerLock",
    "SubscriberAddress",
    "SubscriptionEvent",
    "SystemHealthLog",
    "UTCDateTime",
    "UserDetail",
]
