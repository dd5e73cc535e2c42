"""ConvLSTM layers whose window is longer than a valid-padded step fail as Keras 3 on TF 2.21: not in build
but in call (Keras's RNN.call starts with the cell's get_initial_state, whose compute_output_shape refuses it)
and in compute_output_shape, naming the step in the layer's data_format and one gate's kernel (filters, not
4 * filters), the dilation_rate as a numpy array; the layer keeps the weights its build made.
Probes: /work/notes/progs/layers23/p1.py, p2.py."""
import numpy as np
import pytest

from framework import keras


def _message(call):
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


def test_symbolic_call_fails_in_the_call_banner_with_one_gates_kernel():
    layer = keras.layers.ConvLSTM1D(2, 3, dilation_rate=2, return_sequences=True)
    text = _message(lambda: layer(keras.Input((3, 4, 2))))
    # TF 2.21 gives this text inside 'Exception encountered when calling ConvLSTM1D.call().'
    assert 'Exception encountered when calling ConvLSTM1D.call().' in text
    assert ('Computed output size would be zero or negative. Received `inputs shape=(None, 4, 2)`, `kernel '
            'shape=(3, 2, 2)`, `dilation_rate=[2]`, `strides=(1,)`, `padding=valid`.') in text
    assert 'smaller kernel' not in text


def test_eager_call_names_the_batch_and_keeps_the_built_weights():
    layer = keras.layers.ConvLSTM2D(3, (3, 2), data_format='channels_first', return_state=True)
    text = _message(lambda: layer(np.ones((2, 3, 1, 2, 4), 'float32')))
    # TF 2.21: the step in channels_first order, before the channels_first kernel refusal; built True
    assert ('Received `inputs shape=(2, 1, 2, 4)`, `kernel shape=(3, 2, 1, 3)`, `dilation_rate=[1 1]`, '
            '`strides=(1, 1)`, `padding=valid`.') in text
    assert layer.built and layer.cell.built
    assert [tuple(w.shape) for w in layer.weights] == [(3, 2, 1, 12), (3, 2, 3, 12), (12,)]


def test_compute_output_shape_refuses_the_empty_state():
    layer = keras.layers.ConvLSTM2D(3, (3, 2), data_format='channels_first', return_state=True)
    # TF 2.21 gives exactly this text
    assert _message(lambda: layer.compute_output_shape((None, 3, 1, 2, 4))) == (
        'Computed output size would be zero or negative. Received `inputs shape=(None, 1, 2, 4)`, `kernel '
        'shape=(3, 2, 1, 3)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.')
    assert layer.compute_output_shape((5, 3, 1, None, 4)) == ((5, 3, None, 3),) * 3      # open lengths pass
    layer3 = keras.layers.ConvLSTM3D(3, 2)
    assert _message(lambda: layer3.compute_output_shape((None, 3, 1, 2, 4, 2))) == (
        'Computed output size would be zero or negative. Received `inputs shape=(None, 1, 2, 4, 2)`, `kernel '
        'shape=(2, 2, 2, 2, 3)`, `dilation_rate=[1 1 1]`, `strides=(1, 1, 1)`, `padding=valid`.')
    cell = keras.layers.ConvLSTM1D(3, 3).cell
    assert _message(lambda: cell.compute_output_shape((4, 1, 2))) == (
        'Computed output size would be zero or negative. Received `inputs shape=(4, 1, 2)`, `kernel '
        'shape=(3, 2, 3)`, `dilation_rate=[1]`, `strides=(1,)`, `padding=valid`.')


def test_strided_window_and_same_padding():
    layer = keras.layers.ConvLSTM1D(2, 3, strides=2, return_sequences=True)
    text = _message(lambda: layer(np.ones((1, 3, 2, 2), 'float32')))
    assert ('Received `inputs shape=(1, 2, 2)`, `kernel shape=(3, 2, 2)`, `dilation_rate=[1]`, `strides=(2,)`, '
            '`padding=valid`.') in text
    # 'same' padding keeps the length: TF 2.21 gives (1, 1, 3)
    assert tuple(keras.layers.ConvLSTM1D(3, 3, padding='same')(np.ones((1, 2, 1, 2), 'float32')).shape) == (1, 1, 3)


def test_channels_first_kernel_refusal_keeps_the_build():
    # where TF 2.21 runs its own CPU kernels (oneDNN off: this AMD EPYC) the cell's first step raises
    # UnimplementedError 'The Conv2D op currently only supports the NHWC tensor format on the CPU. ...' and
    # the layer stays built with its weights (tapeflow undid the build); with oneDNN on it runs
    import framework as tf
    layer = keras.layers.ConvLSTM1D(2, 2, data_format='channels_first', return_sequences=True)
    try:
        layer(np.ones((2, 3, 2, 4), 'float32'))
    except tf.errors.UnimplementedError as error:
        assert 'only supports the NHWC tensor format on the CPU' in str(error)
    assert layer.built and [tuple(w.shape) for w in layer.weights] == [(2, 2, 8), (2, 2, 8), (8,)]


@pytest.mark.parametrize('dilation, tail', [(2, '[Op:Conv2D]\x1b[0m'), (1, '[Op:Conv2D] name: \x1b[0m')])
def test_channels_first_refusal_of_a_dilated_step_has_no_name_tail(dilation, tail):
    # TF 2.21 on this AMD EPYC: a dilated step's Conv2D refusal ends at '[Op:Conv2D]' (tf.nn.convolution's slow
    # path), an undilated one at '[Op:Conv2D] name: '; where oneDNN runs channels_first the layer computes
    import framework as tf
    layer = keras.layers.ConvLSTM2D(2, 2, dilation_rate=dilation, data_format='channels_first')
    try:
        layer(np.ones((2, 3, 2, 4, 4), 'float32'))
    except tf.errors.UnimplementedError as error:
        message = str(error).split('\n\n')[1]
        assert message.endswith('The op was given the format: NCHW ' + tail)
