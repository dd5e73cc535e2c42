"""GroupQueryAttention is Keras 3's GroupedQueryAttention class: Python's own argument errors name it so on TF 2.21."""
import numpy as np
import pytest

from framework import keras

G = keras.layers.GroupQueryAttention


@pytest.mark.parametrize('make, text', [
    (lambda: G(None), "GroupedQueryAttention.__init__() missing 2 required positional arguments: 'num_query_heads' "
                      "and 'num_key_value_heads'"),
    (lambda: G(bogus_arg=1), "GroupedQueryAttention.__init__() missing 3 required positional arguments: 'head_dim', "
                             "'num_query_heads', and 'num_key_value_heads'"),
    (lambda: G(2, 2), "GroupedQueryAttention.__init__() missing 1 required positional argument: "
                      "'num_key_value_heads'"),
    (lambda: G(2, 2, 1, 0.0, True, None, None, 'glorot_uniform', 'zeros', None, None, None, None, None, False, None, 5),
     'GroupedQueryAttention.__init__() takes from 4 to 17 positional arguments but 18 were given'),
    (lambda: G(2, 2, 1).compute_output_shape(), "GroupedQueryAttention.compute_output_shape() missing 2 required "
                                                "positional arguments: 'query_shape' and 'value_shape'"),
])
def test_python_argument_errors_name_keras_class(make, text):
    # TF 2.21 gives these texts exactly
    with pytest.raises(TypeError) as info:
        make()
    assert str(info.value) == text


def test_qualname_is_keras_but_name_and_config_stay_exported():
    assert G.__qualname__ == 'GroupedQueryAttention'           # TF 2.21: 'GroupedQueryAttention'
    assert G.__init__.__qualname__ == 'GroupedQueryAttention.__init__'
    layer = G(2, 2, 1)
    assert layer.name.startswith('grouped_query_attention')
    assert keras.layers.serialize(layer)['class_name'] == 'GroupQueryAttention'
    q = np.ones((1, 3, 4), 'float32')
    assert tuple(layer(q, q).shape) == (1, 3, 4)


def test_subclass_missing_arguments_name_keras_class():
    class Sub(G):
        def __init__(self):
            super().__init__(2)
    with pytest.raises(TypeError, match=r"^GroupedQueryAttention\.__init__\(\) missing 2 required"):
        Sub()
