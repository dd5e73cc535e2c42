"""ConvLSTM1D / ConvLSTM2D refuse bad steps as Keras 3 on TF 2.21.

A step the convolution refuses (int32 / bool sequences: Conv2D's dtype errors) fails inside Keras's
ConvLSTMCell.call, whose banner shows the step ('inputs') and the states; a step of another spatial size or
channel count than the layer was built for is the cell's InputSpec ValueError, worded by the layer's call.
Texts measured with TF 2.21 (probes /work/notes/progs/errors46/c3.txt, c4.txt).
"""
import numpy as np
import pytest

from framework import errors
from framework import keras

BOLD, END = '\x1b[1m', '\x1b[0m'


def _banner(who, text, arguments):
    return ('Exception encountered when calling %s.call().\n\n%s%s%s\n\nArguments received by %s.call():\n%s'
            % (who, BOLD, text, END, who, '\n'.join('  \u2022 ' + a for a in arguments)))


INT_CONV = ('cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
            '[Op:Conv2D] name: ')


@pytest.mark.parametrize('make, shape, step, state', [
    (lambda: keras.layers.ConvLSTM1D(2, 2), (1, 2, 4, 3), (1, 4, 3), (1, 3, 2)),
    (lambda: keras.layers.ConvLSTM2D(2, 2), (1, 2, 4, 4, 3), (1, 4, 4, 3), (1, 3, 3, 2)),
    # channels_first: Keras's cell sees the steps and states channels first
    (lambda: keras.layers.ConvLSTM1D(2, 2, data_format='channels_first'), (1, 2, 3, 4), (1, 3, 4), (1, 2, 3)),
])
def test_integer_steps_fail_in_the_cell_call(make, shape, step, state):
    with pytest.raises(errors.InvalidArgumentError) as info:
        make()(np.ones(shape, 'int32'))
    states = "('tf.Tensor(shape=%s, dtype=float32)', 'tf.Tensor(shape=%s, dtype=float32)')" % (state, state)
    assert str(info.value) == _banner('ConvLSTMCell', INT_CONV, [
        'inputs=tf.Tensor(shape=%s, dtype=int32)' % (step,), 'states=%s' % states, 'training=False'])


def test_bool_steps_fail_in_the_cell_call_with_the_registry_error():
    with pytest.raises(errors.InvalidArgumentError) as info:
        keras.layers.ConvLSTM2D(2, 2)(np.ones((1, 2, 4, 4, 3), 'bool'))
    text = str(info.value)
    assert text.startswith('Exception encountered when calling ConvLSTMCell.call().\n\n' + BOLD +
                           "Value for attr 'T' of bool is not in the list of allowed values: half, bfloat16, float, "
                           'double, int32\n\t; NodeDef: {{node Conv2D}}')
    assert text.endswith("  \u2022 inputs=tf.Tensor(shape=(1, 4, 4, 3), dtype=bool)\n  \u2022 states=("
                         "'tf.Tensor(shape=(1, 3, 3, 2), dtype=float32)', 'tf.Tensor(shape=(1, 3, 3, 2), "
                         "dtype=float32)')\n  \u2022 training=False")


def test_given_initial_states_show_as_a_tuple():
    layer = keras.layers.ConvLSTM1D(2, 2)
    with pytest.raises(errors.InvalidArgumentError) as info:
        layer(np.ones((1, 2, 4, 3), 'int32'), initial_state=[np.zeros((1, 3, 2), 'float32')] * 2)
    assert "states=('tf.Tensor(shape=(1, 3, 2), dtype=float32)', 'tf.Tensor(shape=(1, 3, 2), dtype=float32)')" in \
        str(info.value)


@pytest.mark.parametrize('make, first, second, expected', [
    (lambda: keras.layers.ConvLSTM1D(2, 2), (1, 2, 4, 3), (1, 2, 4, 5), '(None, 4, 3)'),     # channels
    (lambda: keras.layers.ConvLSTM1D(2, 2), (1, 2, 4, 3), (1, 2, 6, 3), '(None, 4, 3)'),     # spatial size
    (lambda: keras.layers.ConvLSTM2D(2, 2), (1, 2, 4, 4, 3), (1, 2, 4, 4, 1), '(None, 4, 4, 3)'),
    (lambda: keras.layers.ConvLSTM2D(2, 2), (1, 2, 4, 4, 3), (1, 2, 5, 4, 3), '(None, 4, 4, 3)'),
])
def test_steps_of_another_shape_are_the_cell_input_spec_error(make, first, second, expected):
    layer = make()
    layer(np.ones(first, 'float32'))
    with pytest.raises(ValueError) as info:
        layer(np.ones(second, 'float32'))
    who = type(layer).__name__
    assert str(info.value) == _banner(who, "Input 0 with name 'None' of layer 'conv_lstm_cell' is incompatible with "
                                           'the layer: expected shape=%s, found shape=%s'
                                      % (expected, (second[0],) + second[2:]),
                                      ['sequences=tf.Tensor(shape=%s, dtype=float32)' % (second,),
                                       'initial_state=None', 'mask=None', 'training=False'])


def test_other_batch_and_step_counts_still_run():
    layer = keras.layers.ConvLSTM1D(2, 2)
    layer(np.ones((1, 2, 4, 3), 'float32'))
    assert tuple(layer(np.ones((3, 5, 4, 3), 'float32')).shape) == (3, 3, 2)      # TF 2.21: (3, 3, 2)


NCHW = ('{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} The Conv2D op '
        'currently only supports the NHWC tensor format on the CPU. The op was given the format: NCHW [Op:Conv2D] '
        'name: ')


def _onednn_off(monkeypatch):
    # TF 2.21 on a CPU where it turns oneDNN off (this AMD EPYC: no AVX-512 VNNI), whatever this CPU is
    from framework import onednn_policy
    monkeypatch.delenv('TF_ENABLE_ONEDNN_OPTS', raising=False)
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: {'avx', 'avx2', 'fma'})
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})


@pytest.mark.parametrize('make, shape, step, state, dtype', [
    (lambda: keras.layers.ConvLSTM1D(2, 2, data_format='channels_first'), (1, 2, 3, 4), (1, 3, 4), (1, 2, 3),
     'float32'),
    (lambda: keras.layers.ConvLSTM2D(2, 2, data_format='channels_first'), (1, 2, 3, 4, 4), (1, 3, 4, 4),
     (1, 2, 3, 3), 'float32'),
    (lambda: keras.layers.ConvLSTM2D(2, 2, data_format='channels_first', dtype='float64'), (1, 2, 3, 4, 4),
     (1, 3, 4, 4), (1, 2, 3, 3), 'float64'),
])
def test_channels_first_without_onednn_is_the_conv2d_format_error(monkeypatch, make, shape, step, state, dtype):
    _onednn_off(monkeypatch)
    with pytest.raises(errors.UnimplementedError) as info:
        make()(np.ones(shape, dtype))
    states = "('tf.Tensor(shape=%s, dtype=%s)', 'tf.Tensor(shape=%s, dtype=%s)')" % (state, dtype, state, dtype)
    assert str(info.value) == _banner('ConvLSTMCell', NCHW, [
        'inputs=tf.Tensor(shape=%s, dtype=%s)' % (step, dtype), 'states=%s' % states, 'training=False'])


def test_channels_first_in_predict_is_a_graph_execution_error(monkeypatch):
    _onednn_off(monkeypatch)
    model = keras.Sequential([keras.Input((2, 3, 4, 4)), keras.layers.ConvLSTM2D(2, 2, data_format='channels_first')])
    with pytest.raises(errors.UnimplementedError) as info:
        model.predict(np.ones((1, 2, 3, 4, 4)), verbose=0)
    assert str(info.value).startswith('Graph execution error:')
    assert 'The Conv2D op currently only supports the NHWC tensor format on the CPU.' in str(info.value)


def test_channels_first_conv_lstm3d_still_computes(monkeypatch):
    _onednn_off(monkeypatch)
    layer = keras.layers.ConvLSTM3D(2, 2, data_format='channels_first')
    assert tuple(layer(np.ones((1, 2, 3, 4, 4, 4), 'float32')).shape) == (1, 2, 3, 3, 3)     # TF 2.21
