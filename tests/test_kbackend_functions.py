"""tf.keras.backend's Keras 2 functions (``from tensorflow.keras import backend as K``).

Golden values: printed by TF 2.21 (tensorflow-cpu, Keras 3.15's keras._tf_keras backend) running
the same calls on the same inputs (/work/notes/progs/kbackend/gold1.py). Values computed through a
matmul are compared to 1e-6 (oneDNN's sgemm order, see README); the rest exactly.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import backend as K

X = [[0.5, -1.25, 2.0], [-0.75, 3.0, 0.25]]
P = [[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]]
T = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]


def y3():
    return tf.reshape(tf.range(24, dtype='float32') / 10, (2, 3, 4))


def exact(value, expected):
    np.testing.assert_array_equal(np.asarray(value), np.asarray(expected, dtype=np.asarray(value).dtype))


EXACT = {
    'mean_axis1_keep': (lambda x, p, t: K.mean(x, axis=1, keepdims=True), [[0.4166666567325592], [0.8333333134651184]]),
    'mean_bool': (lambda x, p, t: K.mean(x > 0), 0.6666666865348816),
    'std0': (lambda x, p, t: K.std(x, 0), [0.625, 2.125, 0.875]),
    'var_all': (lambda x, p, t: K.var(x), 2.1822917461395264),
    'sqrt_clamps_negatives': (lambda x, p, t: K.sqrt(x),
                              [[0.7071067690849304, 0.0, 1.4142135381698608], [0.0, 1.7320507764816284, 0.5]]),
    'hard_sigmoid_slope_0.2': (lambda x, p, t: K.hard_sigmoid(x),
                               [[0.6000000238418579, 0.25, 0.8999999761581421], [0.3499999940395355, 1.0, 0.550000011920929]]),
    'relu_alpha_max_threshold': (lambda x, p, t: K.relu(x, alpha=0.2, max_value=1.0, threshold=0.3),
                                 [[0.5, -0.3100000023841858, 1.0], [-0.20999999344348907, 1.0, -0.010000002570450306]]),
    'relu6': (lambda x, p, t: K.relu(x * 3, max_value=6), [[1.5, 0.0, 6.0], [0.0, 6.0, 0.75]]),
    'elu_alpha': (lambda x, p, t: K.elu(x, 0.5), [[0.5, -0.3567475974559784, 2.0], [-0.2638167142868042, 3.0, 0.25]]),
    'clip_inverted_bounds': (lambda x, p, t: K.clip(x, 0.5, -0.5), [[0.5] * 3] * 2),
    'clip_none_min': (lambda x, p, t: K.clip(x, None, 0.2),
                      [[0.20000000298023224, -1.25, 0.20000000298023224], [-0.75, 0.20000000298023224, 0.20000000298023224]]),
    'softmax_over_axes_list': (lambda x, p, t: K.softmax(x, axis=[0, 1]),
                               [[0.05290091782808304, 0.00919280108064413, 0.2370854765176773],
                                [0.015156366862356663, 0.6444650888442993, 0.041199274361133575]]),
    'bce_eps_in_log': (lambda x, p, t: K.binary_crossentropy(t, p),
                       [[0.22314338386058807, 1.2039724588394165, 0.6931469440460205],
                        [0.5108253955841064, 0.10536041110754013, 0.35667479038238525]]),
    'bce_logits': (lambda x, p, t: K.binary_crossentropy(t, x, from_logits=True),
                   [[0.9740769863128662, 1.5019290447235107, 2.1269280910491943],
                    [1.1368709802627563, 3.0485873222351074, 0.825939416885376]]),
    'cce_renormalises': (lambda x, p, t: K.categorical_crossentropy(t, p * 2), [1.2039728164672852, 0.5108255743980408]),
    'cce_axis0': (lambda x, p, t: K.categorical_crossentropy(t, p, axis=0), [0.28768208622932434, 0.28768208622932434, -0.0]),
    'scce': (lambda x, p, t: K.sparse_categorical_crossentropy(tf.constant([1, 0]), p),
             [1.2039728164672852, 0.5108255743980408]),
    'scce_column_targets': (lambda x, p, t: K.sparse_categorical_crossentropy(tf.constant([[1], [2]]), x, from_logits=True),
                            [3.482621908187866, 2.833831548690796]),
    'bfce_balanced': (lambda x, p, t: K.binary_focal_crossentropy(t, p, apply_class_balancing=True),
                      [[0.006694300565868616, 0.1474866271018982, 0.12996505200862885],
                       [0.020433014258742332, 0.0007902033976279199, 0.024075549095869064]]),
    'cfce': (lambda x, p, t: K.categorical_focal_crossentropy(t, p), [0.14748665690422058, 0.02043301984667778]),
    'repeat': (lambda x, p, t: K.repeat(x, 2), [[[0.5, -1.25, 2.0]] * 2, [[-0.75, 3.0, 0.25]] * 2]),
    'repeat_elements': (lambda x, p, t: K.repeat_elements(x, 2, axis=1),
                        [[0.5, 0.5, -1.25, -1.25, 2.0, 2.0], [-0.75, -0.75, 3.0, 3.0, 0.25, 0.25]]),
    'arange_float': (lambda x, p, t: K.arange(1, 7, 2, dtype='float32'), [1.0, 3.0, 5.0]),
    'arange_lone_negative': (lambda x, p, t: K.arange(-3), np.zeros(0, 'int32')),
    'spatial_2d_padding': (lambda x, p, t: K.spatial_2d_padding(tf.reshape(x, (1, 2, 3, 1)), ((0, 1), (1, 0))),
                           [[[[0.0], [0.5], [-1.25], [2.0]], [[0.0], [-0.75], [3.0], [0.25]], [[0.0]] * 4]]),
    'in_top_k_argument_order': (lambda x, p, t: K.in_top_k(p, tf.constant([2, 2]), 1), [True, False]),
}


@pytest.mark.parametrize('name', sorted(EXACT))
def test_function_matches_tf_keras_backend(name):
    fn, expected = EXACT[name]
    exact(fn(tf.constant(X), tf.constant(P), tf.constant(T)), expected)


def test_sparse_categorical_crossentropy_ignore_class_zeroes_and_masks():
    logits = tf.reshape(tf.range(18, dtype='float32') / 7, (2, 3, 3))
    loss = K.sparse_categorical_crossentropy(tf.constant([[1, 2, 0], [0, 1, 1]]), logits, from_logits=True,
                                             ignore_class=1)
    exact(loss, [[0.0, 0.9625463485717773, 1.2482606172561646], [1.2482606172561646, 0.0, 0.0]])
    exact(loss._keras_mask, [[False, True, True], [True, False, False]])


def test_bias_add_channels_first_and_full_bias():
    exact(K.bias_add(y3(), tf.constant([1.0, 2.0, 3.0]), data_format='channels_first')[:, :, 0],
          [[1.0, 2.4000000953674316, 3.799999952316284], [2.200000047683716, 3.5999999046325684, 5.0]])
    exact(K.bias_add(y3(), tf.ones((3, 4)))[1, 2], [3.0, 3.0999999046325684, 3.200000047683716, 3.299999952316284])
    with pytest.raises(ValueError, match='Unexpected bias dimensions 3'):
        K.bias_add(y3(), tf.ones((1, 3, 4)))


def test_batch_dot_shapes_and_values():
    np.testing.assert_allclose(K.batch_dot(y3(), y3(), axes=1).numpy()[0, 0],
                               [0.8000000715255737, 0.9199999570846558, 1.0399999618530273, 1.1600000858306885], rtol=1e-6)
    np.testing.assert_allclose(K.batch_dot(y3(), tf.transpose(y3(), (0, 2, 1))).numpy()[1, 2],
                               [11.65999984741211, 15.09999942779541, 18.540000915527344], rtol=1e-6)
    np.testing.assert_allclose(K.batch_dot(tf.constant(X), tf.constant(P), axes=1).numpy(),
                               [[0.7250000238418579], [-0.07500000298023224]], rtol=1e-6)
    np.testing.assert_allclose(K.batch_dot(tf.constant(X), y3(), axes=(1, 1)).numpy(),
                               [[1.100000023841858, 1.2249999046325684, 1.350000023841858, 1.475000023841858],
                                [4.400000095367432, 4.65000057220459, 4.899999618530273, 5.149999618530273]], rtol=1e-6)
    with pytest.raises(ValueError, match=r'x.shape\[2\] != y.shape\[1\] \(4 != 3\)'):
        K.batch_dot(y3(), tf.constant(X), axes=(2, 1))
    with pytest.raises(ValueError, match='over axis 0'):
        K.batch_dot(y3(), y3(), axes=0)


def test_dot_of_3d_and_2d():
    out = K.dot(y3(), tf.ones((4, 2)))
    assert out.shape == (2, 3, 2)
    np.testing.assert_allclose(out.numpy()[:, :, 0], [[0.6, 2.2, 3.8], [5.4, 7.0, 8.6]], rtol=1e-6)


def test_switch_tiles_a_rank2_condition():
    out = K.switch(tf.constant([[True, False, True], [False, True, True]]), y3(), -y3())
    exact(out[0, :, 0], [0.0, -0.4000000059604645, 0.800000011920929])
    assert K.switch(tf.constant(False), lambda: 1.0, lambda: 2.0) == 2.0      # TF returns the branch's value as is


def test_random_functions_draw_tensorflows_numbers_after_set_random_seed():
    keras.utils.set_random_seed(3)
    exact(K.random_normal((2, 2)), [[0.15571384131908417, -0.6051390171051025], [0.5257375240325928, 0.07507797330617905]])
    exact(K.random_uniform((3,), -1, 1), [-0.5679311752319336, -0.1844499111175537, -0.5667340755462646])
    exact(K.truncated_normal((3,), seed=5), [-1.1347393989562988, 0.7460805773735046, -1.9681302309036255])
    exact(K.random_bernoulli((4,), 0.5), [0.0, 0.0, 1.0, 1.0])
    exact(K.random_normal_variable((2,), 0, 1).numpy(), [-0.8835106492042542, 0.14373169839382172])


def test_variables_and_values():
    v = K.variable([[1, 2], [3, 4]])
    assert isinstance(v, tf.Variable) and K.dtype(v) == 'float32'
    exact(K.moving_average_update(v, tf.ones((2, 2)), 0.9), [[1.0, 1.899999976158142], [2.799999952316284, 3.6999998092651367]])
    K.set_value(v, [[5, 6], [7, 8]])
    exact(K.get_value(v), [[5, 6], [7, 8]])
    K.batch_set_value([(v, np.zeros((2, 2)))])
    exact(K.batch_get_value([v])[0], np.zeros((2, 2)))
    exact(K.update_add(v, tf.ones((2, 2))), np.ones((2, 2)))
    assert isinstance(K.zeros((2, 2)), tf.Variable) and not isinstance(K.zeros((0, 2)), tf.Variable)
    exact(K.eye(2), np.eye(2))
    assert K.get_value(3) == 3
    assert K.backend() == keras.config.backend() == 'tensorflow'      # TF 2.21 prints this


def test_shape_queries():
    assert K.int_shape(keras.Input((3, 4))) == (None, 3, 4)
    assert K.int_shape(tf.constant(X)) == (2, 3) and type(K.int_shape(tf.Variable(X))) is tuple
    assert K.ndim(y3()) == 3 and K.count_params(y3()) == 24
    exact(K.shape(y3()), [2, 3, 4])
    exact(K.batch_flatten(y3())[1, :3], [1.2000000476837158, 1.2999999523162842, 1.399999976158142])


def test_every_tf_keras_backend_name_is_present():
    # dir(tf.keras.backend) under TF 2.21 (137 names).
    names = ('abs all any arange argmax argmin backend batch_dot batch_flatten batch_get_value batch_normalization '
             'batch_set_value bias_add binary_crossentropy binary_focal_crossentropy cast cast_to_floatx '
             'categorical_crossentropy categorical_focal_crossentropy clear_session clip concatenate constant conv1d '
             'conv2d conv2d_transpose conv3d cos count_params ctc_batch_cost ctc_decode ctc_label_dense_to_sparse '
             'cumprod cumsum depthwise_conv2d dot dropout dtype elu epsilon equal eval exp expand_dims eye flatten '
             'floatx foldl foldr gather get_uid get_value gradients greater greater_equal hard_sigmoid '
             'image_data_format in_top_k int_shape is_float_dtype is_int_dtype is_keras_tensor is_sparse '
             'l2_normalize less less_equal log map_fn max maximum mean min minimum moving_average_update name_scope '
             'ndim not_equal one_hot ones ones_like permute_dimensions pool2d pool3d pow prod random_bernoulli '
             'random_normal random_normal_variable random_uniform random_uniform_variable relu repeat '
             'repeat_elements reshape resize_images resize_volumes result_type reverse rnn round separable_conv2d '
             'set_epsilon set_floatx set_image_data_format set_value shape sigmoid sign sin softmax softplus '
             'softsign sparse_categorical_crossentropy spatial_2d_padding spatial_3d_padding sqrt square squeeze '
             'stack standardize_dtype std stop_gradient sum switch tanh temporal_padding tile to_dense transpose '
             'truncated_normal update update_add update_sub var variable zeros zeros_like').split()
    assert len(names) == 137
    assert [n for n in names if not callable(getattr(K, n, None))] == []


def test_gradients_raise_tensorflows_eager_error():
    with pytest.raises(RuntimeError):
        K.gradients(tf.constant(1.0), [tf.Variable(1.0)])
