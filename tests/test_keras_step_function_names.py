"""The tf.function a Keras entry point's graph errors name: TF 2.21 (notes/progs/lead41/ge2.py, an assert_less failing
in a layer's call) ends them '[Op:__inference_multi_step_on_iterator_194]' in fit and evaluate,
'one_step_on_data_639' in train_on_batch / test_on_batch and 'one_step_on_data_distributed_5' in predict /
predict_on_batch (tapeflow leaves out the uid, as its other graph errors do), the node named in the layer's
scopes."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _Checked(keras.layers.Layer):
    def call(self, x):
        tf.debugging.assert_less(x, 0.5)
        return x * 2


@pytest.mark.parametrize('entry, function', [
    ('fit', 'multi_step_on_iterator'), ('evaluate', 'multi_step_on_iterator'),
    ('predict', 'one_step_on_data_distributed'), ('predict_on_batch', 'one_step_on_data_distributed'),
    ('train_on_batch', 'one_step_on_data'), ('test_on_batch', 'one_step_on_data')])
def test_each_entry_point_names_its_function(entry, function):
    model = keras.Sequential([keras.Input((2,)), _Checked()])
    model.compile('sgd', 'mse')
    x, y = np.ones((2, 2), 'float32'), np.ones((2, 2), 'float32')
    calls = {'fit': lambda: model.fit(x, y, verbose=0), 'evaluate': lambda: model.evaluate(x, y, verbose=0),
             'predict': lambda: model.predict(x, verbose=0), 'predict_on_batch': lambda: model.predict_on_batch(x),
             'train_on_batch': lambda: model.train_on_batch(x, y), 'test_on_batch': lambda: model.test_on_batch(x, y)}
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        calls[entry]()
    # the check's node inside the layer's scopes, as TF names it ('sequential_1/l_1/assert_less/...')
    assert str(caught.value).endswith('/assert_less/Assert/AssertGuard/Assert}}]] [Op:__inference_%s]' % function)
    assert '/%s_1/assert_less/' % model.layers[0].name in str(caught.value)     # (the graph's scope of that name)
