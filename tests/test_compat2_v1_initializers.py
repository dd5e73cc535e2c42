"""TF 1's random initializers under tf.compat.v1 (glorot_uniform_initializer, truncated_normal_initializer,
variance_scaling_initializer, ...), called as ``init(shape)`` the way TF 1-era eager programs make weights:
values, configs and refusals against TF 2.21 (/work/notes/progs/compat2/p08.py, p08.tf.out)."""
import pytest

import framework as tf

v1 = tf.compat.v1


def _draws(init, shape=(3, 2)):
    value = init(list(shape))
    return type(init).__name__, value.dtype.name, value.numpy().ravel().tolist()


def test_each_call_is_one_draw_of_the_global_seeds_op_sequence():
    v1.set_random_seed(1)
    assert _draws(v1.glorot_uniform_initializer()) == ('GlorotUniform', 'float32', [
        -0.7336615324020386, 0.8796014785766602, 0.2869499921798706, -0.14340227842330933, -0.45583879947662354,
        0.3122063875198364])
    assert _draws(v1.glorot_normal_initializer()) == ('GlorotNormal', 'float32', [
        0.2898223400115967, -0.7822927832603455, -0.045365896075963974, 0.960991382598877, -0.12000345438718796,
        0.7085282206535339])
    assert _draws(v1.truncated_normal_initializer(stddev=0.1)) == ('TruncatedNormal', 'float32', [
        -0.045701224356889725, -0.040686726570129395, 0.07285777479410172, -0.08929777890443802,
        -0.03694045916199684, 0.03234885632991791])
    # TF 1's defaults: stddev 1.0 and [0, 1), where TF 2's random_normal_initializer draws with stddev 0.05
    assert _draws(v1.random_normal_initializer()) == ('RandomNormal', 'float32', [
        1.694016695022583, 0.11969316750764847, -1.158460021018982, 0.1726040244102478, -0.7144963145256042,
        0.6896005868911743])
    assert _draws(v1.random_uniform_initializer()) == ('RandomUniform', 'float32', [
        0.7347819805145264, 0.1422126293182373, 0.06338346004486084, 0.18919992446899414, 0.7981709241867065,
        0.7042462825775146])
    assert _draws(v1.variance_scaling_initializer(2.0, 'fan_in', 'truncated_normal')) == ('VarianceScaling', 'float32', [
        -1.0926944017410278, -0.8384342193603516, 0.7815349698066711, -0.0637783333659172, 0.3147802948951721,
        -0.8857713937759399])
    assert _draws(v1.variance_scaling_initializer(1.0, 'fan_out', 'untruncated_normal')) == (
        'VarianceScaling', 'float32', [-0.005937325768172741, 0.0884813517332077, -0.7219529151916504,
                                       0.20010434091091156, -1.29940927028656, 0.8464545607566833])
    assert _draws(v1.initializers.he_uniform()) == ('VarianceScaling', 'float32', [
        -0.5722125768661499, 1.3092354536056519, -0.20117568969726562, -0.394508957862854, -0.6622241139411926,
        -0.02941310405731201])
    assert _draws(v1.orthogonal_initializer()) == ('Orthogonal', 'float32', [
        0.6951522827148438, 0.27830788493156433, 0.12641575932502747, 0.8603202700614929, 0.7076596617698669,
        -0.42707598209381104])
    assert _draws(v1.initializers.identity(gain=2.0)) == ('Identity', 'float32', [2.0, 0.0, 0.0, 2.0, 0.0, 0.0])
    kernel = v1.glorot_uniform_initializer(seed=7)([2, 2, 3, 4])      # a conv kernel: fans count the window
    assert kernel.numpy().ravel()[:6].tolist() == [
        0.26649510860443115, 0.1855323314666748, 0.37421369552612305, 0.16891902685165405, 0.09151619672775269,
        -0.05359908938407898]
    assert v1.random_normal_initializer(dtype=tf.float64)([2]).numpy().tolist() == [
        -2.4707650331530107, 0.25832757505999454]
    assert v1.orthogonal_initializer(gain=0.5, seed=2)([2, 4]).numpy().ravel().tolist() == [
        -0.3049420714378357, 0.36001715064048767, 0.08848468214273453, 0.13988719880580902, 0.37304961681365967,
        0.22736121714115143, 0.22835791110992432, 0.08362746238708496]


def test_configs_are_tf1s():
    assert v1.glorot_uniform_initializer().get_config() == {'seed': None, 'dtype': 'float32'}
    assert v1.random_uniform_initializer().get_config() == {'minval': 0.0, 'maxval': None, 'seed': None,
                                                            'dtype': 'float32'}
    assert v1.variance_scaling_initializer(distribution='Normal').get_config() == {
        'scale': 1.0, 'mode': 'fan_in', 'distribution': 'normal', 'seed': None, 'dtype': 'float32'}
    assert v1.initializers.glorot_uniform is v1.glorot_uniform_initializer
    assert v1.initializers.zeros is v1.zeros_initializer and v1.initializers.global_variables() is None


@pytest.mark.parametrize('make, text', [
    (lambda: v1.variance_scaling_initializer(scale=0.0), 'Argument `scale` must be a positive float. Received: 0.0'),
    (lambda: v1.variance_scaling_initializer(mode='avg'),
     "Argument `mode` should be one of ('fan_in', 'fan_out', 'fan_avg'). Received: avg"),
    (lambda: v1.variance_scaling_initializer(distribution='gamma'),
     "Argument `distribution` should be one of ('normal', uniform', 'truncated_normal', 'untruncated_normal'). "
     "Received: gamma"),
    (lambda: v1.random_normal_initializer(dtype=tf.int32),
     "Argument `dtype` is expected to be floating point. Received: <dtype: 'int32'>."),
    (lambda: v1.orthogonal_initializer()([3]),
     'The tensor to initialize, specified by argument `shape` must be at least two-dimensional. Received shape=[3]'),
])
def test_refusals_are_tfs(make, text):
    with pytest.raises(ValueError) as raised:
        make()
    assert str(raised.value) == text
