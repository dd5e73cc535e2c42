"""errors23: texts and state after bad input, as TF 2.21 + Keras 3.15 give them
(/work/notes/progs/errors23/f7.py + f7_tf.json, p_r2.py + p_r2_tf.txt).

- model.set_weights(['a', 'b']): "'str' object has no attribute 'shape'" alone (tapeflow's explanation
  was inside str(e); now a note).
- keras.Variable(None): TF's conversion ValueError "Attempt to convert a value (None) with an unsupported
  type (<class 'NoneType'>) to a Tensor." (tapeflow said tf.Variable's 'initial_value ... must be specified').
- R2Score builds its variables on the first batch before checking it further, so a 2-D batch whose
  columns do not fit is refused and leaves the metric built: result() is nan and the next good batch
  raises on the variables' shapes (tapeflow stayed unbuilt: AttributeError "no attribute 'sum'")."""
import math

import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError


def test_set_weights_of_strings_is_keras_attribute_error_text():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    before = model.get_weights()
    with pytest.raises(AttributeError) as caught:
        model.set_weights(['a', 'b'])
    assert str(caught.value) == "'str' object has no attribute 'shape'"
    assert 'set_weights takes numpy arrays' in caught.value.__notes__[0]
    assert all((a == b).all() for a, b in zip(before, model.get_weights()))


def test_keras_variable_of_none_is_tf_conversion_error():
    with pytest.raises(ValueError) as caught:
        keras.Variable(None)
    assert type(caught.value) is ValueError
    assert str(caught.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                 "to a Tensor.")


A = np.array([[1.0, 2.0, 3.0], [2.0, 1.0, 0.0]])
B = np.array([[1.5, 2.0, 2.0], [2.0, 0.5, 0.5]])


def test_r2_refused_first_batch_leaves_it_built_with_predictions_columns():
    metric = keras.metrics.R2Score()
    with pytest.raises(InvalidArgumentError, match=r'Incompatible shapes: \[4\] vs. \[3\]'):
        metric.update_state(A, np.ones((2, 4)))
    assert [tuple(v.shape) for v in metric.variables] == [(), (4,), (4,), (4,), (4,)]
    assert math.isnan(float(metric.result()))
    with pytest.raises(InvalidArgumentError, match=r'Incompatible shapes: \[4\] vs. \[3\]'):
        metric.update_state(A, B)


def test_r2_refused_first_batch_of_fitting_columns_then_scores_the_next():
    metric = keras.metrics.R2Score()
    with pytest.raises(InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs. \[4\]'):
        metric.update_state(np.ones((2, 4)), B)
    assert math.isnan(float(metric.result()))
    metric.update_state(A, B)
    assert round(float(metric.result()), 5) == 0.57407        # TF 2.21: 0.5740699768066406


def test_r2_rank_refusal_leaves_it_unbuilt():
    metric = keras.metrics.R2Score()
    with pytest.raises(ValueError, match='R2Score expects 2D inputs'):
        metric.update_state(np.ones(3), np.ones(3))
    with pytest.raises(AttributeError, match="'R2Score' object has no attribute 'sum'"):
        metric.result()
