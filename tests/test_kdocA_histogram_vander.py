"""keras.ops.histogram's bin edges are tf.linspace's (float32 steps) cast to x's dtype, and keras.ops.vander
is tf.math.pow(x[:, None], powers) in float32 (float64 for float64) cast back to x's dtype, as Keras 3 on
TensorFlow computes them. Golden values: the same calls under TF 2.21 + Keras 3.15 (inputs as below)."""
import numpy as np

import framework as tf
from framework.keras import ops

X = np.random.RandomState(7).randn(9).astype('float32') * 2


def test_histogram_edges_are_tf_linspace():
    counts, edges = ops.histogram(X, bins=7)
    assert counts.numpy().tolist() == [1.0, 1.0, 1.0, 3.0, 1.0, 1.0, 1.0]
    np.testing.assert_array_equal(edges.numpy(), np.array([-3.509448528289795, -2.5250914096832275, -1.5407341718673706, -0.5563769340515137, 0.4279801845550537, 1.412337303161621, 2.3966946601867676, 3.3810513019561768], np.float32))
    counts, edges = ops.histogram(X, bins=4, range=(-1.5, 2.5))
    assert counts.numpy().tolist() == [1.0, 3.0, 1.0, 1.0] and edges.numpy().tolist() == [-1.5, -0.5, 0.5, 1.5, 2.5]


def test_vander_in_float32_pow():
    np.testing.assert_array_equal(ops.vander(X[:5]).numpy(), np.array([[130.67938232421875, 38.6505126953125, 11.431507110595703, 3.3810513019561768, 1.0], [0.7541021704673767, -0.8092312216758728, 0.8683905601501465, -0.9318747520446777, 1.0], [1.8564491256256588e-05, 0.0002828214201144874, 0.004308653064072132, 0.06564033031463623, 1.0], [0.4412653148174286, 0.5414082407951355, 0.6642780303955078, 0.8150325417518616, 1.0], [6.198099136352539, -3.9282026290893555, 2.489598035812378, -1.5778460502624512, 1.0]], np.float32))
    out = ops.vander(np.array([1, 2, 3, -2], 'int32'))
    assert out.dtype.name == 'int32' and out.numpy().tolist() == [[1, 1, 1, 1], [8, 4, 2, 1], [27, 9, 3, 1], [-8, 4, -2, 1]]
    assert ops.vander(np.array([1.5, 2, 3], 'float16')).dtype.name == 'float16'


def test_vander_gradient_as_tf():
    x = tf.Variable([0.0, 1.5, -2.0])
    with tf.GradientTape() as tape:
        y = ops.sum(ops.vander(x))
    g = tape.gradient(y, x).numpy()       # TF 2.21: [nan, 4, -3] (Pow's gradient at 0 for the power 0)
    assert np.isnan(g[0]) and g[1:].tolist() == [4.0, -3.0]
