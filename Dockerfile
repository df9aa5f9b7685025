# Lokpanchang's image: the package installed from this repository with the pinned versions of
# constraints.txt, run as an unprivileged user. One image for every service of compose.yaml
# (web, worker, beat, flower, the db-upgrade step); the command chooses the role.
#   docker build -t lokpanchang .
# Base images by digest (docs/deploy.md, "Images": where each digest comes from, how to renew).
FROM python:3.12-slim@sha256:78387bc3881b8273120a12ebe6c1ab22b018ccc2c9adf565ae1ac9b536e184ea AS build
# pyswisseph and psutil may build from source where no wheel fits.
RUN apt-get update \
    && apt-get install -y --no-install-recommends build-essential \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md requirements.lock ./
COPY src ./src
# Every dependency is the file whose SHA-256 requirements.lock names (constraints.txt's
# versions; scripts/lock_image_requirements.py), and the package itself brings no other.
RUN pip wheel --no-cache-dir --wheel-dir /wheels --require-hashes -r requirements.lock \
    && pip wheel --no-cache-dir --wheel-dir /wheels --no-deps .

FROM python:3.12-slim@sha256:78387bc3881b8273120a12ebe6c1ab22b018ccc2c9adf565ae1ac9b536e184ea
# Production unless a deployment says otherwise (issue 24, item 12): a container started
# without compose's environment still refuses weak secrets and sets secure cookies.
ENV ENVIRONMENT=production \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATA_DIR=/var/lib/lokpanchang \
    WEB_HOST=0.0.0.0 \
    WEB_PORT=8000
# The day's card: its fonts and FriBiDi for Pillow's libraqm (docs/card.md).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 fonts-dejavu-core \
        fonts-lohit-deva fonts-lohit-taml fonts-lohit-telu fonts-lohit-knda fonts-lohit-gujr \
        fonts-lohit-beng-bengali fonts-smc-manjari \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links /wheels lokpanchang \
    && rm -rf /wheels \
    && groupadd --system --gid 10001 lokpanchang \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/lokpanchang --create-home \
        --shell /usr/sbin/nologin lokpanchang
USER lokpanchang
WORKDIR /var/lib/lokpanchang
VOLUME ["/var/lib/lokpanchang"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["lokpanchang", "probe", "web"]
CMD ["lokpanchang", "web"]
