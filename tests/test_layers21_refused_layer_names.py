"""A layer whose constructor refuses its arguments before Keras 3's Layer.__init__ takes no name, as in TF 2.21.

GroupNormalization checks `groups` before super().__init__(), so after a refused GroupNormalization(groups=0)
the next one is still 'group_normalization' in TF 2.21 (tapeflow named it 'group_normalization_1').
Probe: /work/notes/progs/layers21/nm.py, nm2.py.
"""
import pytest

from framework import keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


@pytest.mark.parametrize('groups', [0, -2, 2.0, 'a'])
def test_refused_group_normalization_uses_no_name(groups):
    with pytest.raises(ValueError) as caught:
        keras.layers.GroupNormalization(groups=groups)
    assert str(caught.value) == ('Received an invalid value for argument `groups`, expected a positive integer (or '
                                 '`-1` for instance normalization). Received: groups=%s' % groups)
    assert keras.layers.GroupNormalization().name == 'group_normalization'       # TF 2.21
    assert keras.layers.GroupNormalization(groups=-1).name == 'group_normalization_1'


def test_dense_refused_uses_no_name_as_before():
    with pytest.raises(ValueError):
        keras.layers.Dense(0)
    assert keras.layers.Dense(1).name == 'dense'        # TF 2.21
