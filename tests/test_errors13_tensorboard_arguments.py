"""TensorBoard's constructor as Keras 3.15's: update_freq unchecked (stored; 'batch' is 1), profile_batch parsed
and checked by Keras's rules (int, pair, or the legacy 'start,stop' string) with its ValueError text.

Golden lines: /work/notes/progs/errors13/tb1.py under TF 2.21 + Keras 3.15 (printing update_freq, _start_batch,
_stop_batch or the error); tapeflow's sed port prints the same."""
import warnings

import numpy as np
import pytest

from framework import keras

TEXT = ('profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair of positive integers '
        'signifies a range of batches to profile. Found: %s')


def board(**kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')     # tapeflow warns that it writes no profile
        return keras.callbacks.TensorBoard('/tmp/errors13_tb_unused', **kwargs)


@pytest.mark.parametrize('update_freq, stored', [('bogus', 'bogus'), (0, 0), ('batch', 1)])
def test_update_freq_is_stored_unchecked(update_freq, stored):
    assert board(update_freq=update_freq).update_freq == stored


@pytest.mark.parametrize('profile_batch, start, stop', [('2,4', 2, 4), ((1, 3), 1, 3), ((0, 0), 0, 0),
                                                        (' 1, 2', 1, 2), (0, 0, 0)])
def test_profile_batch_range(profile_batch, start, stop):
    callback = board(profile_batch=profile_batch)
    assert (callback._start_batch, callback._stop_batch) == (start, stop)


@pytest.mark.parametrize('profile_batch, shown', [(-1, '-1'), ('5', '5'), ('4,2', '4,2'), ([3], '[3]'), (2.5, '2.5'),
                                                  (np.int64(2), '2'), (None, 'None')])
def test_profile_batch_refused_with_keras_text(profile_batch, shown):
    with pytest.raises(ValueError) as info:
        board(profile_batch=profile_batch)
    assert str(info.value) == TEXT % shown


@pytest.mark.parametrize('profile_batch, error, text', [
    ('a', ValueError, "invalid literal for int() with base 10: 'a'"),
    ('', ValueError, "invalid literal for int() with base 10: ''"),
    (('1', 2), TypeError, "'<' not supported between instances of 'str' and 'int'"),
])
def test_profile_batch_python_errors(profile_batch, error, text):
    with pytest.raises(error) as info:
        board(profile_batch=profile_batch)
    assert str(info.value) == text
