"""A fit / evaluate on arrays of other shapes than the compiled model's earlier pass: Keras keeps one train
(and one test) function per compile, traced with reduce_retracing, so TF 2.21 traces it again with the axes
that differ left open; labels of the wrong width then fail when the step runs (InvalidArgumentError), not
while the graph is built (ValueError 'Dimensions must be equal, ...', as on a fresh model).

Printed by TF 2.21 (Keras 3.15), notes/progs/errors33/retrace.py:
    m.fit(x, y, verbose=0)                       # y of width 3
    m.fit(x, np.ones((10, 2)), verbose=0)
-> InvalidArgumentError: Graph execution error: ... Incompatible shapes: [10,2] vs. [10,3]
   [[{{node gradient_tape/compile_loss/mse/sub/BroadcastGradientArgs}}]] [Op:__inference_multi_step_on_iterator_703]
tapeflow raised ValueError "Dimensions must be equal, but are 2 and 3 for '{{node compile_loss/mse/sub}} = ...".
tapeflow's text is the eager kernel's (TF's graph traceback is not reproduced); a failed step changes nothing.
"""
import numpy as np
import pytest

import framework as tf
from helpers_small_fit import X, Y, compiled as compiled_with


def compiled():
    return compiled_with(metrics=['mae'])


def _fails_at_run_time(call, model, shapes):
    weights, iterations = model.get_weights(), int(model.optimizer.iterations)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert 'Incompatible shapes: %s' % shapes in str(caught.value)
    assert int(model.optimizer.iterations) == iterations
    for a, b in zip(weights, model.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_fit_after_fit_with_labels_of_another_width():
    model = compiled()
    model.fit(X, Y, verbose=0)
    _fails_at_run_time(lambda: model.fit(X, np.ones((10, 2)), verbose=0), model, '[10,2] vs. [10,3]')


def test_fixed_batches_keep_their_size():
    # TF 2.21: 'Incompatible shapes: [5,2] vs. [5,3]' with batch_size=5 both times
    model = compiled()
    model.fit(X, Y, batch_size=5, verbose=0)
    _fails_at_run_time(lambda: model.fit(X, np.ones((10, 2)), batch_size=5, verbose=0), model, '[5,2] vs. [5,3]')


def test_evaluate_after_a_fit_that_validated():
    model = compiled()
    model.fit(X, Y, validation_data=(X, Y), verbose=0)
    _fails_at_run_time(lambda: model.evaluate(X, np.ones((10, 2)), verbose=0), model, '[10,2] vs. [10,3]')
    model = compiled()
    model.evaluate(X, Y, verbose=0)
    _fails_at_run_time(lambda: model.evaluate(X, np.ones((10, 2)), verbose=0), model, '[10,2] vs. [10,3]')


def test_first_trace_still_fails_in_the_graph():
    # TF 2.21 on a fresh model: ValueError "Dimensions must be equal, but are 2 and 3 for
    # '{{node compile_loss/mse/sub}} = Sub[T=DT_FLOAT](data_1, sequential_1/dense_1/BiasAdd)' ..."
    model = compiled()
    with pytest.raises(ValueError, match="^Dimensions must be equal, but are 2 and 3 for '{{node compile_loss/mse/sub}}"):
        model.fit(X, np.ones((10, 2)), verbose=0)
    # a fit on good labels then trains (TF 2.21 refuses it: 'Creating variables on a non-first call to a
    # function decorated with tf.function.', its failed first trace had not built the optimizer yet)
    assert np.isfinite(model.fit(X, Y, verbose=0).history['loss'][0])

