"""ConvLSTM on a step whose spatial size is unknown raises Keras 3's text exactly.

TF 2.21 (/work/notes/progs/layers8/cases_shape.py, 'convlstm None'): ConvLSTM2D(2, 3) on keras.Input((None, None, 4, 2))
raises ValueError 'ConvLSTM layers only support static input shapes for the spatial dimension. Received invalid
input shape: input_shape=(None, None, 4, 2)'; tapeflow appended ' (a step of 2 spatial axes and channels)' to it
(now a PEP 678 note).
"""
import pytest

from framework import keras


@pytest.mark.parametrize('layer, shape, step', [
    (lambda: keras.layers.ConvLSTM2D(2, 3), (None, None, 4, 2), (None, None, 4, 2)),
    (lambda: keras.layers.ConvLSTM1D(2, 3, strides=2, padding='same'), (None, None, 2), (None, None, 2)),
])
def test_unknown_spatial_size_text(layer, shape, step):
    with pytest.raises(ValueError) as caught:
        layer()(keras.Input(shape))
    assert ('ConvLSTM layers only support static input shapes for the spatial dimension. Received invalid input '
            'shape: input_shape=%s' % (step,)) in str(caught.value)
    assert 'a step of' not in str(caught.value)
