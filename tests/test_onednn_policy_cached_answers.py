"""onednn_policy.enabled() caches its answer per raw TF_ENABLE_ONEDNN_OPTS value (it is asked for
every matrix product): the answer must still follow every change of the variable, however it is
made (os.environ, monkeypatch, del), and return to an answer already cached."""
import os

import pytest

from framework import onednn_policy

KEY = 'TF_ENABLE_ONEDNN_OPTS'


@pytest.fixture
def restore_env():
    before = os.environ.get(KEY)
    yield
    if before is None:
        os.environ.pop(KEY, None)
    else:
        os.environ[KEY] = before


@pytest.mark.parametrize('value, expected', [('1', True), ('true', True), (' TRUE ', True), ('True', True),
                                             ('0', False), ('false', False), (' False', False)])
def test_boolean_settings(monkeypatch, value, expected):
    monkeypatch.setenv(KEY, value)
    assert onednn_policy.enabled() is expected
    assert onednn_policy.enabled() is expected        # the cached answer


@pytest.mark.parametrize('value', ['', 'yes', '2', 'off'])
def test_other_settings_give_the_cpu_default(monkeypatch, value):
    monkeypatch.setenv(KEY, value)
    assert onednn_policy.enabled() is onednn_policy.default_for_this_cpu()


def test_answers_follow_each_change_and_come_back(restore_env):
    default = onednn_policy.default_for_this_cpu()
    os.environ.pop(KEY, None)
    seen = []
    for value in ('0', '1', None, '0', 'false', '1', None, 'true', '0'):
        if value is None:
            del os.environ[KEY]
        else:
            os.environ[KEY] = value
        seen.append(onednn_policy.enabled())
    assert seen == [False, True, default, False, False, True, default, True, False]


def test_a_dense_product_follows_the_switch(restore_env):
    # the depth-blocked product (oneDNN) and numpy's one product differ on this shape (784 deep)
    import numpy as np
    from framework.ops.sixteen_column_product import rows_matmul
    rng = np.random.default_rng(0)
    a = rng.random((32, 784), dtype=np.float32)
    b = rng.normal(size=(784, 128)).astype(np.float32)
    os.environ[KEY] = '0'
    off = rows_matmul(a, b)
    os.environ[KEY] = '1'
    on = rows_matmul(a, b)
    os.environ[KEY] = '0'
    assert rows_matmul(a, b).tobytes() == off.tobytes()
    assert on.tobytes() != off.tobytes()
