"""A negative steps_per_epoch / steps for array data with no batch_size fails as in TF 2.21: Keras 3 sizes
the batches ceil(samples / steps), and TF reshapes the sample indices to (samples // size, size).

Golden texts printed by TF 2.21 (Keras 3.15) for a Sequential([Input((4,)), Dense(3)]) compiled with
('sgd', 'mse') and x of 10 samples (notes/progs/errors33/steps.py):
    try: m.fit(x, y, steps_per_epoch=-1, verbose=0)
    except Exception as e: print(type(e).__name__, e)
-> ValueError Invalid value in tensor used for shape: -10. tapeflow said 'fit: steps_per_epoch must be a
non-negative number of batches (or None for all the data), got -1'.
"""
import numpy as np
import pytest

from helpers_error_texts import assert_raises_exactly
from helpers_small_fit import X, Y, compiled


@pytest.mark.parametrize('call, error, text', [
    (lambda m: m.fit(X, Y, steps_per_epoch=-1, verbose=0), ValueError, 'Invalid value in tensor used for shape: -10'),
    (lambda m: m.fit(X, Y, steps_per_epoch=-3, verbose=0), ValueError, 'Invalid value in tensor used for shape: -4'),
    # ceil(10 / -20) is a batch size of 0: Keras's batch count divides by it
    (lambda m: m.fit(X, Y, steps_per_epoch=-20, verbose=0), ZeroDivisionError, 'division by zero'),
    (lambda m: m.evaluate(X, Y, steps=-1, verbose=0), ValueError, 'Invalid value in tensor used for shape: -10'),
    (lambda m: m.predict(X, steps=-1, verbose=0), ValueError, 'Invalid value in tensor used for shape: -10'),
    # the training split's 8 samples
    (lambda m: m.fit(X, Y, validation_split=0.2, steps_per_epoch=-1, verbose=0), ValueError,
     'Invalid value in tensor used for shape: -8'),
])
def test_negative_step_count_sizes_the_batches(call, error, text):
    model = compiled()
    before = model.get_weights()
    assert_raises_exactly(lambda: call(model), error, text)
    assert int(model.optimizer.iterations) == 0
    for a, b in zip(before, model.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_negative_validation_steps_fail_at_the_first_validation():
    # TF 2.21: 'Invalid value in tensor used for shape: -5' for the 5 validation samples, after the
    # first epoch trained (Keras makes its evaluation iterator then)
    model = compiled()
    assert_raises_exactly(lambda: model.fit(X, Y, validation_split=0.5, validation_steps=-1, verbose=0),
                          ValueError, 'Invalid value in tensor used for shape: -5')
    assert int(model.optimizer.iterations) == 1


def test_one_sample_and_steps_of_minus_one_is_refused_in_tapeflows_words():
    # TF's graph fails on a (-1, -1) reshape there ('Only one input size may be -1, not both 0 and 1')
    with pytest.raises(ValueError, match='must be a non-negative number of batches'):
        compiled().fit(X[:1], Y[:1], steps_per_epoch=-1, verbose=0)
