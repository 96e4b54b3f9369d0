"""The built page served on 127.0.0.1 and a headless Chromium, shared by the
web tests of a module."""
import pytest

from web import browser


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    why = browser.missing()
    if why:
        pytest.skip(why)
    return browser.build_page(str(tmp_path_factory.mktemp("web")))


@pytest.fixture(scope="session")
def site(built):
    with browser.served(built) as url:
        yield url


@pytest.fixture(scope="session")
def chromium(site):
    with browser.chromium() as b:
        yield b


@pytest.fixture
def pages(chromium, site):
    """Opens pages of the site; closes them after the test (a page left open
    goes on stepping its firmware and slows every page after it)."""
    opened = []

    def open_(query, booted=True):
        page, watch = browser.open_page(chromium, site + query)
        opened.append(page)
        if booted:
            err = page.evaluate("document.body.dataset.error")
            assert err is None, err
        return page, watch
    yield open_
    for p in opened:
        p.close()


@pytest.fixture
def contexts(chromium, site):
    """Opens pages, each in a fresh browser context (its own storage) of the
    given viewport: open_(query, width, height, context=None); closes them after."""
    opened = []

    def open_(query, width=800, height=1000, context=None, wait=True):
        ctx = context or chromium.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
        if context is None:
            opened.append(ctx)
        page = ctx.new_page()
        watch = browser.Watch(page)
        page.goto(site + query)
        if wait:
            page.wait_for_function("document.body.dataset.ready === '1' || !!document.body.dataset.error", timeout=30000)
            assert page.evaluate("document.body.dataset.error") is None
        return page, watch
    yield open_
    for c in opened:
        c.close()
