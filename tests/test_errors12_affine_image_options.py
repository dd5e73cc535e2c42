"""Unknown fill_mode / interpolation of the affine image layers: Keras 3.15's NotImplementedError and text.

Golden texts from /work/notes/progs/errors12 (cases.py rows layer.RandomRotation|interp|*) run under
TF 2.21 + Keras 3.15; tapeflow's class is a ValueError too (as it raised before)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make', [lambda **kw: L.RandomRotation(0.1, **kw), lambda **kw: L.RandomZoom(0.1, **kw),
                                  lambda **kw: L.RandomTranslation(0.1, 0.1, **kw)])
@pytest.mark.parametrize('value', ['bogus', 'NEAREST', None, 1])
def test_unknown_fill_mode(make, value):
    with pytest.raises(NotImplementedError) as info:
        make(fill_mode=value)
    assert str(info.value) == "Unknown `fill_mode` %s. Expected of one ('reflect', 'wrap', 'constant', 'nearest')." % (
        value,)
    assert isinstance(info.value, ValueError)


def test_unknown_interpolation():
    with pytest.raises(NotImplementedError) as info:
        L.RandomRotation(0.1, interpolation='bicubic')
    assert str(info.value) == "Unknown `interpolation` bicubic. Expected of one ('nearest', 'bilinear')."
