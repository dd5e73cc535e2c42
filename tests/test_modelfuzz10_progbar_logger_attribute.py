"""keras.callbacks.ProgbarLogger keeps Keras 3's ``progbar`` attribute: None until a pass begins, then
the bar of the latest epoch (or evaluate / predict pass), kept after it ends, made whatever the verbosity.
TF 2.21 (/work/notes/progs/modelfuzz10/p07.py) prints `1 1 None 0 None` for a fresh logger's
(verbose, epochs, target, seen, progbar) and, after fit(epochs=2) on 4 batches with verbose 0, 1 or 2,
(verbose, 2, 4, 4) and a bar object; tapeflow had no such attribute (AttributeError)."""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(40, 3).astype('float32')
Y = (X.sum(1, keepdims=True) > 1.5).astype('float32')


def test_a_fresh_logger_has_no_bar_yet():
    logger = keras.callbacks.ProgbarLogger()
    assert (logger.verbose, logger.epochs, logger.target, logger.seen, logger.progbar) == (1, 1, None, 0, None)


@pytest.mark.parametrize('verbose', [0, 1, 2])
def test_the_last_epochs_bar_stays_after_fit(verbose, capsys):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy')
    logger = keras.callbacks.ProgbarLogger()
    model.fit(X, Y, batch_size=8, epochs=2, verbose=verbose, callbacks=[logger], validation_split=0.25)
    assert (logger.verbose, logger.epochs, logger.target, logger.seen) == (verbose, 2, 4, 4)
    bar = logger.progbar
    assert bar is not None and bar.target == 4
    # TF 2.21: an evaluate given the logger fit used draws nothing (its _called_in_fit stays True)
    capsys.readouterr()
    model.evaluate(X, Y, verbose=verbose, callbacks=[logger])
    assert capsys.readouterr().out == ''
    assert logger.progbar is bar
