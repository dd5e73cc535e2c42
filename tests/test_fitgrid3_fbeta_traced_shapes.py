"""F1Score / FBetaScore's 2-D check inside fit / evaluate names the shapes of Keras 3.15's traced step:
a None batch when the batches vary in size (TF 2.21, probe /work/notes/progs/fitgrid3/misc/fg3_fb.py; tapeflow
named the eager batch, y_pred.shape=(25, 1)). A direct update_state names the arrays' own shapes."""
import numpy as np
import pytest

from framework import keras

TEXT = ('FBetaScore expects 2D inputs with shape (batch_size, output_dim). Received input shapes: '
        'y_pred.shape=%s and y_true.shape=%s.')


@pytest.fixture
def data():
    x = np.random.RandomState(0).rand(25, 3).astype('float32')
    return x, (x[:, 0] > 0.5).astype('float32')


@pytest.mark.parametrize('n, batch_size, shapes', [(25, None, ('(None, 1)', '(None,)')), (25, 4, ('(None, 1)', '(None,)')),
                                                   (24, 8, ('(8, 1)', '(8,)')), (16, 16, ('(16, 1)', '(16,)'))])
@pytest.mark.parametrize('call', ['evaluate', 'fit'])
def test_fit_and_evaluate_name_the_traced_shapes(data, n, batch_size, shapes, call):
    x, y = data
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy', metrics=[keras.metrics.F1Score(threshold=0.5)])
    with pytest.raises(ValueError) as caught:
        getattr(model, call)(x[:n], y[:n], batch_size=batch_size, verbose=0)
    assert str(caught.value) == TEXT % shapes


def test_a_direct_update_names_the_arrays_shapes(data):
    x, y = data
    with pytest.raises(ValueError) as caught:
        keras.metrics.F1Score(threshold=0.5).update_state(y[:4], x[:4, :1])
    assert str(caught.value) == TEXT % ('(4, 1)', '(4,)')
