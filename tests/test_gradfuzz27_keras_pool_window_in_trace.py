"""Keras pooling layers in a tf.function whose VALID window is longer than a traced length: TF 2.21's graph
refuses the tf.nn.max_pool / avg_pool the layer calls, in the layer's scope, and the call banner words it;
eagerly the layers give an empty output (probes /work/notes/progs/gradfuzz27/k1.py, k2.py)."""
import pytest

import framework as tf
from framework import keras

_MAX = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = MaxPool[T=DT_FLOAT, "
        "data_format=\"NHWC\", explicit_paddings=[], ksize=%s, padding=\"VALID\", strides=%s](%s)' with input "
        "shapes: [%s].")
_AVG = ("Negative dimension size caused by subtracting %d from %d for '{{node %s}} = %s[T=DT_FLOAT, "
        "data_format=\"%s\", ksize=%s, padding=\"VALID\", strides=%s](%s)' with input shapes: [%s].")


@pytest.mark.parametrize('make, shape, expected', [
    # TF 2.21's texts
    (lambda: keras.layers.MaxPooling2D(2, name='mp'), (2, 1, 1, 2),
     _MAX % (2, 1, 'mp_1/MaxPool2d', '[1, 2, 2, 1]', '[1, 2, 2, 1]', 'a', '2,1,1,2')),
    (lambda: keras.layers.AveragePooling2D((2, 1), name='ap'), (2, 1, 3, 2),
     _AVG % (2, 1, 'ap_1/AvgPool', 'AvgPool', 'NHWC', '[1, 2, 1, 1]', '[1, 2, 1, 1]', 'a', '2,1,3,2')),
    (lambda: keras.layers.MaxPooling1D(3, 1, name='mp1'), (2, 2, 2),
     _MAX % (3, 2, 'mp1_1/MaxPool1d', '[1, 1, 3, 1]', '[1, 1, 1, 1]', 'mp1_1/MaxPool1d/ExpandDims', '2,1,2,2')),
    (lambda: keras.layers.AveragePooling1D(2, name='ap1'), (2, 1, 2),
     _AVG % (2, 1, 'ap1_1/AvgPool1D', 'AvgPool', 'NHWC', '[1, 1, 2, 1]', '[1, 1, 2, 1]', 'ap1_1/AvgPool1D/ExpandDims',
             '2,1,1,2')),
    (lambda: keras.layers.AveragePooling3D(2, name='ap3'), (1, 2, 1, 2, 2),
     _AVG % (2, 1, 'ap3_1/AvgPool3D', 'AvgPool3D', 'NDHWC', '[1, 2, 2, 2, 1]', '[1, 2, 2, 2, 1]', 'a', '1,2,1,2,2')),
])
def test_traced_pooling_layers_meet_the_graph_refusal(make, shape, expected):
    layer = make()
    with pytest.raises(ValueError) as caught:
        tf.function(lambda a: layer(a))(tf.ones(shape))
    text = str(caught.value)
    assert 'Exception encountered when calling %s.call()' % type(layer).__name__ in text
    assert text[text.index('\x1b[1m') + 4:text.index('\x1b[0m')] == expected


@pytest.mark.parametrize('make, shape, out', [
    # TF 2.21: eagerly the empty output
    (lambda: keras.layers.MaxPooling2D(2), (2, 1, 1, 2), (2, 0, 0, 2)),
    (lambda: keras.layers.AveragePooling1D(3, 1), (2, 2, 2), (2, 0, 2)),
    (lambda: keras.layers.MaxPooling3D(2), (1, 1, 2, 2, 2), (1, 0, 1, 1, 2)),
])
def test_eager_pooling_layers_give_the_empty_output(make, shape, out, epyc_cpu):
    # (TF 2.21 on the AMD EPYC, its own kernels; the Xeon's oneDNN MaxPool refuses an empty output)
    assert tuple(make()(tf.ones(shape)).shape) == out
