"""A layer whose call refuses its traced input while Keras builds a functional model: Keras 3 reports
the graph's ValueError (framework/graph_axis_errors.py, graph_list_errors.py) inside its 'Could not
automatically infer the output shape' message, with the scratch graph's names ('Placeholder') and open
batch length ('?'). Expected texts printed by TF 2.21 + Keras 3 (notes/progs/graphops14/k1.py)."""
import pytest

import framework as tf
from framework import keras


class _Summed(keras.layers.Layer):
    def call(self, x):
        return tf.reduce_sum(x, 3)


class _Joined(keras.layers.Layer):
    def call(self, x):
        return tf.concat([x, tf.expand_dims(x, -1)], 1)


@pytest.mark.parametrize('layer, expected', [
    (_Summed, "Invalid reduction dimension 3 for input with 2 dimensions. for '{{node Sum}} = Sum[T=DT_FLOAT, "
              "Tidx=DT_INT32, keep_dims=false](Placeholder, Sum/reduction_indices)' with input shapes: [?,3], [] and "
              "with computed input tensors: input[1] = <3>.\x1b[0m"),
    (_Joined, "Shape must be rank 2 but is rank 3 for '{{node concat}} = ConcatV2[N=2, T=DT_FLOAT, Tidx=DT_INT32]"
              "(Placeholder, ExpandDims, concat/axis)' with input shapes: [?,3], [?,3,1], [].\x1b[0m"),
])
def test_a_functional_build_reports_the_graphs_error(layer, expected):
    keras.backend.clear_session()
    inputs = keras.Input((3,))
    with pytest.raises(ValueError) as err:
        keras.Model(inputs, layer()(inputs))
    assert expected in str(err.value).split('\n')
    assert 'Could not automatically infer the output shape / dtype of' in str(err.value)
    keras.backend.clear_session()
