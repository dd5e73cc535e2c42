"""An exception from a layer's ``call`` reads as Keras 3 words it (the modules guide prints one:
``print("Failed:", e)`` after a FlexibleDense built for 3 features gets 4), and the MatMul inside
raises TensorFlow's kernel text. Expected strings are TensorFlow 2.21 + Keras 3's (run under
/opt/tfref, 2026-12-02)."""
import pytest

import framework as tf
from framework import keras, onednn_policy

# TensorFlow's oneDNN build (on CPUs it turns oneDNN on for) names a 2-D float MatMul's kernel
# '__MklMatMul' in the error; TF_ENABLE_ONEDNN_OPTS=0 gives 'MatMul' (both checked under /opt/tfref).
MATMUL_NODE = '__MklMatMul' if onednn_policy.enabled() else 'MatMul'
# oneDNN's BatchMatMulV2 (float32) is its own kernel too, and adds the adj_x / adj_y flags to the size error
BATCH_NODE, BATCH_FLAGS = ('__MklBatchMatMulV2', ' 0 0') if onednn_policy.enabled() else ('BatchMatMulV2', '')


class FlexibleDense(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.out_features), initializer='ones', name='w')
        self.b = self.add_weight(shape=(self.out_features,), initializer='zeros', name='b')

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


def test_a_failing_call_reads_as_keras_words_it():
    layer = FlexibleDense(3, name='flexible')
    layer(tf.constant([[2.0, 2.0, 2.0]]))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(tf.constant([[2.0, 2.0, 2.0, 2.0]]))
    assert str(caught.value) == (
        'Exception encountered when calling FlexibleDense.call().\n\n'
        '\x1b[1m{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'Matrix size-incompatible: In[0]: [1,4], In[1]: [3,3] [Op:MatMul] name: \x1b[0m\n\n' % MATMUL_NODE +
        'Arguments received by FlexibleDense.call():\n'
        '  • inputs=tf.Tensor(shape=(1, 4), dtype=float32)')
    assert 'layer "flexible"' in caught.value.__notes__[0]


def test_only_the_innermost_call_words_the_error_and_defaults_are_listed():
    class Outer(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.inner = FlexibleDense(2)

        def call(self, inputs, training=None, scale=2):
            return self.inner(inputs) * scale

    class Refuses(keras.layers.Layer):
        def call(self, inputs, flag=None):
            raise ValueError('no')
    outer = Outer()
    outer(tf.ones([1, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        outer(tf.ones([1, 5]))
    assert str(caught.value).startswith('Exception encountered when calling FlexibleDense.call().')
    with pytest.raises(ValueError) as caught:
        Refuses()(tf.ones([2]), flag=[tf.ones([1]), tf.ones([2], tf.int32)])
    assert str(caught.value) == (
        'Exception encountered when calling Refuses.call().\n\n\x1b[1mno\x1b[0m\n\n'
        'Arguments received by Refuses.call():\n  • inputs=tf.Tensor(shape=(2,), dtype=float32)\n'
        "  • flag=['tf.Tensor(shape=(1,), dtype=float32)', 'tf.Tensor(shape=(2,), dtype=int32)']")

    class Defaults(keras.layers.Layer):
        def call(self, inputs, training=None, scale=2):
            raise ValueError('no')
    with pytest.raises(ValueError) as caught:
        Defaults()(tf.ones([2]))
    assert str(caught.value).endswith('Arguments received by Defaults.call():\n'
                                      '  • inputs=tf.Tensor(shape=(2,), dtype=float32)\n'
                                      '  • training=None\n  • scale=2')


@pytest.mark.parametrize('a, b, dtype, node, kernel, text', [
    ([4, 1], [3, 3], tf.float32, MATMUL_NODE, 'MatMul', 'Matrix size-incompatible: In[0]: [4,1], In[1]: [3,3]'),
    ([4, 1], [3, 3], tf.float64, 'MatMul', 'MatMul', 'Matrix size-incompatible: In[0]: [4,1], In[1]: [3,3]'),
    ([2, 3, 4], [5, 5], tf.float32, BATCH_NODE, 'BatchMatMulV2',
     'Matrix size-incompatible: In[0]: [2,3,4], In[1]: [5,5]' + BATCH_FLAGS),
    ([2, 3, 4], [3, 4, 5], tf.float32, BATCH_NODE, 'BatchMatMulV2',
     'In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [3,4,5]'),
])
def test_matmul_errors_read_as_tensorflow(a, b, dtype, node, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.matmul(tf.ones(a, dtype), tf.ones(b, dtype), transpose_a=a == [4, 1])
    assert str(caught.value) == ('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                 '%s [Op:%s] name: ' % (node, text, kernel))
    assert 'matmul' in caught.value.__notes__[0]
