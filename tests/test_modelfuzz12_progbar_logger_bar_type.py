"""keras.callbacks.ProgbarLogger's bar is a keras.utils.Progbar, as Keras 3's (modelfuzz10's item 2, left).

TF 2.21 (/tmp/mf12_pb.py, probe /work/notes/progs/modelfuzz12/): after fit(..., verbose=2, callbacks=[logger])
`type(logger.progbar).__name__, isinstance(logger.progbar, keras.utils.Progbar)` prints `Progbar True`, with
target 4, width 20, interval 0.05, unit_name 'step', stateful_metrics None, stateless_metrics set() (Keras's
logger shows the logs as given). tapeflow's bar was its internal Progress ('Progress', not a Progbar)."""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(20, 3).astype('float32')
Y = X.sum(1, keepdims=True)


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('verbose', [0, 1, 2])
def test_fits_bar_is_a_keras_progbar(verbose, capsys):
    logger = keras.callbacks.ProgbarLogger()
    _model().fit(X, Y, epochs=2, batch_size=5, verbose=verbose, callbacks=[logger])
    bar = logger.progbar
    assert type(bar).__name__ == 'Progbar' and isinstance(bar, keras.utils.Progbar)
    assert (bar.target, bar.width, bar.verbose, bar.interval, bar.unit_name) == (4, 20, verbose, 0.05, 'step')
    assert bar.stateful_metrics is None and bar.stateless_metrics == set()


def test_the_verbose_2_line_is_unchanged(capsys):
    logger = keras.callbacks.ProgbarLogger()
    _model().fit(X, Y, epochs=1, batch_size=5, verbose=2, callbacks=[logger])
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.startswith('4/4 - 0s - ') and line.count(' - loss: ') == 1
    # the bar is then usable as a Progbar: an update given (name, value) pairs draws its line
    logger.progbar.update(4, [('a', 1.0)])
    assert capsys.readouterr().out.rstrip('\n').endswith(' - loss: %s - a: 1.0000' % line.split(' - loss: ')[1])
