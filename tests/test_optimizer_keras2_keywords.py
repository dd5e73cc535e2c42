"""Keras 2 keywords given to apply_gradients / apply: Python's TypeError, naming Keras 3's BaseOptimizer as TF 2.21."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('method, keyword', [('apply_gradients', 'name'),
                                             ('apply_gradients', 'experimental_aggregate_gradients'),
                                             ('apply_gradients', 'skip_gradients_aggregation'),
                                             ('apply', 'name')])
def test_unknown_keyword_names_base_optimizer(method, keyword):
    v = tf.Variable([1.0, 2.0])
    opt = keras.optimizers.Adam(0.1)
    g = tf.constant([0.5, -0.5])
    args = ([(g, v)],) if method == 'apply_gradients' else ([g], [v])
    with pytest.raises(TypeError) as info:
        getattr(opt, method)(*args, **{keyword: False})
    assert str(info.value) == "BaseOptimizer.%s() got an unexpected keyword argument '%s'" % (method, keyword)
    assert v.numpy().tolist() == [1.0, 2.0] and int(opt.iterations) == 0
