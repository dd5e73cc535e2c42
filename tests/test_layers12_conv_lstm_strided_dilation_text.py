"""ConvLSTM refuses strides and dilation above 1 together in Keras 3's exact words (TF 2.21,
/work/notes/progs/layers12/clstm.py); which layer refused goes in a note."""
import pytest

from framework import keras


@pytest.mark.parametrize('cls, kernel', [('ConvLSTM1D', 2), ('ConvLSTM2D', (2, 2))])
def test_strided_dilation_text(cls, kernel):
    with pytest.raises(ValueError) as err:
        getattr(keras.layers, cls)(2, kernel, strides=2, dilation_rate=2)
    rank = 1 if cls == 'ConvLSTM1D' else 2
    assert str(err.value) == ('Specifying `strides > 1` is not compatible with `dilation_rate > 1`. Please provide '
                              '`strides=1` or `dilation_rate=1`. Received: strides=%s and dilation_rate=%s'
                              % ((2,) * rank, (2,) * rank))
