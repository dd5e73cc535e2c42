"""ConvLSTM1D / 2D / 3D (Keras 3): an LSTM whose input and recurrent transforms are convolutions
(Shi et al. 2015), over (batch, steps, *spatial, channels) sequences, gate order i, f, c, o:

    z = conv(x_t, kernel, strides, padding, dilation) + bias + conv(h_{t-1}, recurrent_kernel, 'same')
    i, f, o = recurrent_activation(z_i, z_f, z_o);  g = activation(z_c)
    c_t = f * c_{t-1} + i * g;  h_t = o * activation(c_t)

The states h and c are (batch, *output_spatial, filters). As for LSTM, the input half of every step
is computed before the loop, the recurrent half once per step; both convolve each gate, and each step,
on its own, as Keras does (TF's conv rounds by its output channels and batch: one conv of all gates, or
of the steps folded into the batch, gave other last bits).
"""
from types import SimpleNamespace

from framework.backend import array_module
from framework.ops import concat, conv2d, expand_dims, reshape, stack, transpose, zeros
from framework.ops.convolution_nd import convolution
from framework.tensor import Tensor

from ..argument_tuples import standardized_tuple
from ..conv_input_dtypes import conv_inputs
from ..convolution import refuse_empty_output
from ..failed_build import keep_build
from ..conv_nd import check_filters, convolved_shape, window_options
from ..channels_first import data_format_option, to_first, to_last
from ..input_spec import InputSpec
from ..listed_inputs import several_shapes
from . import config_order
from .cell import RecurrentCell
from .cell_rnn import CellRNN, cell_property
from .config_order import in_keras_order
from .lstm import LSTMCell
from .regrouped_step_sum import regrouped_sum, regroups
from .step_input_error import channels_first_step_error


def _convolve(x, kernel, strides, padding, dilation):
    if len(strides) == 2 and dilation == (1, 1):
        return conv2d(x, kernel, strides, padding)          # the 2-D op: faster for the common case
    if len(strides) == 1 and dilation == (1,):
        # TF's 1-D conv is its Conv2D on a height-1 image, and so are its gradient kernels: the 2-D op's
        # gradients sum in their order, the N-d op's (a BLAS product) did not (TF 2.21: ConvLSTM1D's input and
        # kernel gradients differed in the last bits; notes/progs/layers28/clg5.py)
        image = conv2d(expand_dims(x, 1), expand_dims(kernel, 0), (1,) + tuple(strides), padding)
        return reshape(image, (image.shape[0],) + tuple(image.shape[2:]))
    return convolution(x, kernel, strides, padding, dilation)


def _in_channels_first(activation):
    """``activation`` applied in the channels_first layout that Keras's gates have there: TF's sigmoid
    rounds the tail of a buffer past its last full vector differently (Eigen's packets), so which values
    fall in that tail depends on the layout (TF 2.21: ConvLSTM2D(2, (3, 2), data_format='channels_first')
    differs from channels_last in 5 of 36 outputs, by up to 2 ulps; notes/progs/layers14/cf4.py)."""
    return lambda x: to_last(activation(to_first(x)))


class ConvLSTMCell(LSTMCell):
    """The cell of ``ConvLSTM1D/2D/3D`` (Keras 3's ``ConvLSTMCell``, named 'conv_lstm_cell' in the layer).

    Weights: kernel (*kernel_size, channels, 4 * filters), recurrent_kernel
    (*kernel_size, filters, 4 * filters), bias (4 * filters,). Dropout masks cover a
    whole step (every position and channel), one per gate, as Keras draws them.
    Raises:
        ValueError: a rank above 3, bad filters / kernel_size / strides / padding /
            dilation_rate, strides and dilation both above 1, or an input whose spatial
            axes or channels are not known.
    The cell computes channels_last; with data_format='channels_first' the layer moves the
    channels of its input, states and outputs (see ``ConvLSTM``).
    """
    seed_generator_first = True         # Keras makes the cell's generator before its initializers

    def __init__(self, rank, filters, kernel_size, strides=1, padding='valid', data_format=None, dilation_rate=1,
                 activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal', bias_initializer='zeros',
                 unit_forget_bias=True, **kwargs):
        if rank not in (1, 2, 3):
            raise ValueError('Rank %s convolutions are not currently implemented. Received: rank=%s' % (rank, rank))
        who = 'ConvLSTMCell %r' % kwargs.get('name', 'conv_lstm_cell')
        # Keras 3 checks the window and data_format first and only stores filters: ConvLSTM2D(None, None) is
        # its kernel_size ValueError; tapeflow's own refusal of the filters (Keras takes None) comes after them
        window = SimpleNamespace()
        # Keras 3 takes ConvLSTM strides of 0 (allow_zero; its call then fails, OverflowError 'cannot convert float
        # infinity to integer'): a negative one is its '`value >= 0`' error, 0 tapeflow's refusal in window_options
        standardized_tuple(kernel_size, rank, 'kernel_size', who)
        standardized_tuple(strides, rank, 'strides', who, allow_zero=True)
        window_options(window, rank, kernel_size, strides, padding, dilation_rate, who)
        data_format = data_format_option(data_format, who)
        filters = check_filters(filters, who)
        super().__init__(filters, activation=activation, recurrent_activation=recurrent_activation,
                         use_bias=use_bias, kernel_initializer=kernel_initializer,
                         recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                         unit_forget_bias=unit_forget_bias, **kwargs)
        self.rank, self.filters = rank, filters
        self.data_format = data_format
        self.kernel_size, self.strides, self.dilation_rate, self.padding = \
            window.kernel_size, window.strides, window.dilation_rate, window.padding
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:        # Keras 3's words; the layer in a note
            error = ValueError('Specifying `strides > 1` is not compatible with `dilation_rate > 1`. Please '
                               'provide `strides=1` or `dilation_rate=1`. Received: strides=%s and dilation_rate=%s'
                               % (self.strides, self.dilation_rate))
            error.add_note('%s: use strides or dilation_rate above 1, not both' % who)
            raise error
        self.gate_masks = True          # Keras's dropout_mask_count = 4, for both kinds of dropout
        self.spatial_dims = self.state_shape = None

    def build(self, input_shape):
        if several_shapes(input_shape):
            # a list of sequences given to the layer: Keras 3 finds no spatial axis unknown and makes its kernel of
            # input_shape[-1], a whole shape, which its Variable refuses, as add_weight does (TF 2.21)
            self.add_weight(shape=self.kernel_size + (input_shape[-1], 4 * self.filters), name='kernel')
        shape = tuple(input_shape)
        spatial, channels = shape[1:-1], shape[-1]
        if len(spatial) != self.rank or None in spatial:
            # Keras 3's words (the shape is one step's); tapeflow's reading of it goes in a note
            error = ValueError('ConvLSTM layers only support static input shapes for the spatial dimension. '
                               'Received invalid input shape: input_shape=%s' % (shape,))
            error.add_note('%s %r: input_shape is a step of %d spatial axes and channels' % (type(self).__name__,
                                                                                        self.name, self.rank))
            raise error
        if channels is None:
            raise ValueError('The channel dimension of the inputs (last axis) should be defined. Found None. '
                             'Full input shape received: input_shape=%s' % (shape,))
        self.spatial_dims, self.input_dim = tuple(int(d) for d in spatial), int(channels)
        self.state_shape = convolved_shape((None,) + self.spatial_dims + (channels,), self.kernel_size,
                                           self.strides, self.dilation_rate, self.padding, self.filters)[1:]
        # (a window longer than a valid-padded step is refused by the layer's call and compute_output_shape, as
        # Keras 3 on TF 2.21, not here: refuse_empty_state)
        width = 4 * self.filters
        self.kernel = self.add_weight(shape=self.kernel_size + (self.input_dim, width), name='kernel',
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(shape=self.kernel_size + (self.filters, width),
                                                name='recurrent_kernel', initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)
        if self.use_bias:
            self.bias = self.add_weight(shape=(width,), name='bias', initializer=self.make_bias_initializer(),
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    # ---- computing -------------------------------------------------------------------
    def _input_conv(self, inputs, kernel, bias):
        """conv(inputs) + bias for one step (batch, *spatial, C) or a sequence (batch, steps, *spatial, C)."""
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = conv_inputs(inputs, kernel, self, 'Conv3D' if self.rank == 3 else 'Conv2D',
                                 any(r != 1 for r in self.dilation_rate))
        if inputs.ndim == self.rank + 3:
            # step by step, as Keras convolves each step: TF's conv of a batch of batch * steps rounds otherwise
            return stack([self._input_conv(inputs[:, t], kernel, bias) for t in range(inputs.shape[1])], axis=1)
        out = _convolve(inputs, kernel, self.strides, self.padding.upper(), self.dilation_rate)
        return out if bias is None else out + bias

    def project(self, inputs, backwards=None):
        # one convolution per gate, as Keras's input_conv: TF's conv of 3 filters rounds otherwise than of 12
        f, bias = self.filters, self.bias
        return concat([self._input_conv(inputs, self.kernel[..., g * f:(g + 1) * f],
                                        None if bias is None else bias[g * f:(g + 1) * f]) for g in range(4)], axis=-1)

    def project_steps(self, sequences, input_mask, backwards, graph_order=None):
        """The cell's steps; in a traced step on static shapes, each with its convolution without the
        bias: Keras's ``(conv(x_t) + bias) + conv(h)`` is regrouped there by grappler's AddOpsRewrite to
        ``(conv(x_t) + conv(h)) + bias``, as SimpleRNN's sum (regrouped_step_sum.py). Measured on TF 2.21
        (ConvLSTM1D(2, 2) on (4, 5, 3, 1) in a tf.function / a predict on Input(batch_size=4): the traced
        outputs differ from eager ones; notes/progs/layers14/cl2.py)."""
        # (RecurrentCell's steps: LSTMCell's own regrouping is for its matrix product)
        steps = RecurrentCell.project_steps(self, sequences, input_mask, backwards, graph_order)
        if self.use_bias and (input_mask is None or isinstance(input_mask, list)) and regroups(self, sequences):
            data, kernel, f = sequences._data, self.kernel._data, self.filters
            if input_mask is None:      # (per gate, as project)
                bias_free = array_module(data).concatenate(
                    [self._input_conv(Tensor(data), Tensor(kernel[..., g * f:(g + 1) * f]), None)._data
                     for g in range(4)], axis=-1)
            else:       # one input dropout mask per gate, the same at every step
                bias_free = array_module(data).concatenate([self._input_conv(Tensor(data * m._data[:, None]),
                                                             Tensor(kernel[..., g * f:(g + 1) * f]), None)._data
                                            for g, m in enumerate(input_mask)], axis=-1)
            order = range(bias_free.shape[1] - 1, -1, -1) if backwards else range(bias_free.shape[1])
            steps = list(zip(steps, [bias_free[:, t] for t in order]))
        return steps

    def project_masked(self, inputs, input_mask, backwards=None):     # (the conv projection keeps its one op)
        if input_mask is None:
            return self.project(inputs)
        f, bias = self.filters, self.bias
        if inputs.ndim == self.rank + 3:        # one mask per sequence, the same at every step
            input_mask = [expand_dims(m, 1) for m in input_mask]
        return concat([self._input_conv(inputs * m, self.kernel[..., g * f:(g + 1) * f],
                                        None if bias is None else bias[g * f:(g + 1) * f])
                       for g, m in enumerate(input_mask)], axis=-1)

    def _recurrent_conv(self, h, kernel):
        return _convolve(h, kernel, (1,) * self.rank, 'SAME', (1,) * self.rank)

    def step(self, projected, states, weights, recurrent_mask=None):
        (recurrent_kernel,) = weights
        h, c = states
        f, gate, act = self.filters, self.recurrent_activation, self.activation
        if self.data_format == 'channels_first':
            gate, act = _in_channels_first(gate), _in_channels_first(act)
        if type(projected) is tuple:        # a traced step on static shapes (project_steps)
            projected, bias_free = projected
            if isinstance(recurrent_mask, list):
                recurrent = concat([self._recurrent_conv(h * m, recurrent_kernel[..., g * f:(g + 1) * f])
                                    for g, m in enumerate(recurrent_mask)], axis=-1)
            else:
                recurrent = concat([self._recurrent_conv(h, recurrent_kernel[..., g * f:(g + 1) * f])
                                    for g in range(4)], axis=-1)
            z = regrouped_sum(projected, recurrent, bias_free, self.bias._data)
        elif isinstance(recurrent_mask, list):            # one mask per gate
            z = projected + concat([self._recurrent_conv(h * m, recurrent_kernel[..., g * f:(g + 1) * f])
                                    for g, m in enumerate(recurrent_mask)], axis=-1)
        else:
            z = projected + concat([self._recurrent_conv(h, recurrent_kernel[..., g * f:(g + 1) * f])
                                    for g in range(4)], axis=-1)
        i = gate(z[..., :f])
        forget = gate(z[..., f:2 * f])
        g = act(z[..., 2 * f:3 * f])
        o = gate(z[..., 3 * f:])
        c = forget * c + i * g
        h = o * act(c)
        return h, [h, c]

    def input_mask_shape(self, batch, features):
        return self._keras_layout((batch,) + self.spatial_dims + (self.input_dim,))

    def state_mask_shape(self, batch):
        return self._keras_layout((batch,) + self.state_shape)

    def _spatial_sizes(self, shape):
        """The spatial lengths of a step's shape in the layer's data_format."""
        return tuple(shape[2:]) if self.data_format == 'channels_first' else tuple(shape[1:-1])

    def _keras_layout(self, shape):
        """A channels_last shape as Keras draws the dropout masks: in the layer's data_format."""
        return (shape[0], shape[-1]) + shape[1:-1] if self.data_format == 'channels_first' else shape

    def dropout_masks(self, batch, features, training, in_rnn=False):
        """Keras's masks, drawn in the data_format's layout (so the same seed gives the same
        values), moved channels_last for the computation."""
        masks = super().dropout_masks(batch, features, training, in_rnn)
        if self.data_format != 'channels_first':
            return masks
        return tuple(None if m is None else [to_last(g) for g in m] if isinstance(m, list) else to_last(m)
                     for m in masks)

    def get_initial_state(self, batch_size=None):
        self.refuse_empty_state(batch_size)
        return [zeros((batch_size,) + self.state_shape, self.compute_dtype) for _ in range(2)]

    def refuse_empty_state(self, batch):
        """Keras 3's ConvLSTMCell.get_initial_state runs its compute_output_shape, whose
        compute_conv_output_shape refuses a window longer than a valid-padded step: on TF 2.21 the layer's
        call fails so (in its call banner) after build made the weights, naming the step in the layer's
        data_format and one gate's kernel (filters, not 4 * filters), e.g. ConvLSTM1D(2, 3, dilation_rate=2)
        on (None, 3, 4, 2): 'Received `inputs shape=(None, 4, 2)`, `kernel shape=(3, 2, 2)`, ...'."""
        try:
            refuse_empty_output(self, self._keras_layout((batch,) + self.spatial_dims + (self.input_dim,)),
                                self.spatial_dims)
        except ValueError as error:     # (the layer keeps the weights its build made, as there)
            raise keep_build(error) from None

    def compute_output_shape(self, input_shape):
        refuse_empty_output(self, tuple(input_shape), self._spatial_sizes(input_shape))     # as Keras 3
        shape = convolved_shape(tuple(input_shape), self.kernel_size, self.strides, self.dilation_rate,
                                self.padding, self.filters)
        return shape, [shape, shape]

    def get_config(self):
        config = super().get_config()
        del config['units']
        config.update(filters=self.filters, kernel_size=self.kernel_size, strides=self.strides,
                      padding=self.padding, data_format=self.data_format, dilation_rate=self.dilation_rate)
        return in_keras_order(config, config_order.CONV_LSTM_CELL)

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        return cls(len(config['kernel_size']), **config)


class ConvLSTM(CellRNN):
    """A convolutional LSTM over (batch, steps, *spatial, channels) sequences (``rank`` spatial axes).

    Args: those of ``ConvLSTMCell`` (filters, kernel_size, strides, padding, dilation_rate,
    activation, recurrent_activation, use_bias, initializers, unit_forget_bias, regularizers,
    constraints, dropout, recurrent_dropout, seed) and of ``RNN`` (return_sequences,
    return_state, go_backwards, stateful).
    Returns: the last h (batch, *output_spatial, filters), or every h (batch, steps,
    *output_spatial, filters) with return_sequences; with return_state also the final h and c.
    With data_format='channels_first' inputs are (batch, steps, channels, *spatial) and states and
    outputs (batch, [steps,] filters, *output_spatial): the layer runs channels_last between
    transposes, as Keras's TF backend computes channels_first convolutions on CPU. A stateful
    channels_first layer is refused (its kept states would be channels_last).
    """
    rank = None
    keras_config_keys = config_order.CONV_LSTM
    missing_state_error = 'tuple index out of range'     # (Keras's ConvLSTM loop holds its states in a tuple)
    filters = cell_property('filters')
    kernel_size = cell_property('kernel_size')
    strides = cell_property('strides')
    padding = cell_property('padding')
    dilation_rate = cell_property('dilation_rate')
    recurrent_activation = cell_property('recurrent_activation')
    unit_forget_bias = cell_property('unit_forget_bias')
    data_format = cell_property('data_format')

    def __init__(self, filters, kernel_size, strides=1, padding='valid', data_format=None, dilation_rate=1,
                 activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal', bias_initializer='zeros',
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False,
                 return_state=False, go_backwards=False, stateful=False, **kwargs):
        cell = ConvLSTMCell(
            self.rank, filters, kernel_size, strides=strides, padding=padding, data_format=data_format,
            dilation_rate=dilation_rate, activation=activation, recurrent_activation=recurrent_activation,
            use_bias=use_bias, kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer, unit_forget_bias=unit_forget_bias,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, seed=seed, name='conv_lstm_cell', dtype=kwargs.get('dtype'),
            trainable=kwargs.get('trainable', True))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, activity_regularizer=activity_regularizer,
                         **kwargs)
        self.input_spec = InputSpec(ndim=self.rank + 3)
        if stateful and self.data_format == 'channels_first':
            raise NotImplementedError('%s %r: stateful=True with data_format=\'channels_first\' is not supported '
                                      'by tapeflow (its kept states are channels_last); use channels_last, or '
                                      'transpose the sequences yourself' % (type(self).__name__, self.name))

    # ---- channels_first: channels_last between transposes ---------------------------------------
    def build(self, sequences_shape, initial_state_shape=None):
        # (a dict's shapes as they are: RNN's build fails on them as Keras 3's, KeyError 0)
        super().build(sequences_shape if isinstance(sequences_shape, dict) else self._steps_last_shape(sequences_shape),
                      initial_state_shape)

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if initial_state is None:       # Keras 3's RNN.call starts with the cell's get_initial_state
            self.cell.refuse_empty_state(sequences.shape[0])
        self._check_steps(sequences)
        if self.data_format != 'channels_first':
            return super().call(sequences, initial_state=initial_state, mask=mask, training=training)
        refused = channels_first_step_error(self, self.cell, sequences, initial_state, training)
        if refused is not None:     # (raised by the cell's first step there: the layer stays built, as on TF 2.21)
            raise keep_build(refused)
        if initial_state is not None:
            initial_state = [to_last(s) for s in initial_state]
        sequences = transpose(sequences, [0, 1] + list(range(3, sequences.ndim)) + [2])
        result = super().call(sequences, initial_state=initial_state, mask=mask, training=training)
        results = list(result) if self.return_state else [result]
        output = results[0]
        results[0] = (transpose(output, [0, 1, output.ndim - 1] + list(range(2, output.ndim - 1)))
                      if self.return_sequences else to_first(output))
        results[1:] = [to_first(s) for s in results[1:]]
        return tuple(results) if self.return_state else results[0]

    def _check_steps(self, sequences):
        """Keras 3's cell checks each step against the step shape it was built for (its InputSpec): steps of
        another spatial size or channel count are the cell's ValueError ("Input 0 with name 'None' of layer
        'conv_lstm_cell' is incompatible with the layer: expected shape=(None, 4, 3), found shape=(1, 4, 5)"),
        which this layer's call words (TF 2.21)."""
        cell = self.cell
        step = cell.spatial_dims + (cell.input_dim,)
        if self.data_format == 'channels_first':
            step = (cell.input_dim,) + cell.spatial_dims
        InputSpec(shape=(None,) + step).check(cell, (sequences.shape[0],) + tuple(sequences.shape[2:]))

    def get_initial_state(self, batch_size):
        states = super().get_initial_state(batch_size)
        return [to_first(s) for s in states] if self.data_format == 'channels_first' else states

    def _steps_last_shape(self, shape):
        """A (batch, steps, C, *spatial) shape as (batch, steps, *spatial, C) where the layer is channels_first."""
        shape = tuple(shape)
        return shape[:2] + shape[3:] + shape[2:3] if self.data_format == 'channels_first' else shape

    def _channels_first_shape(self, shape, steps):
        """A channels_last output shape (batch, [steps,] *spatial, filters) in the layer's data_format."""
        if self.data_format != 'channels_first':
            return shape
        lead = 2 if steps else 1
        return shape[:lead] + shape[-1:] + shape[lead:-1]

    def state_shapes(self, batch):
        return [(batch,) + self.cell.state_shape] * 2

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        shape = self._steps_last_shape(sequences_shape)
        batch, steps = shape[:2]
        step = (batch,) + tuple(sequences_shape[2:])         # Keras 3 asks the cell's compute_output_shape
        refuse_empty_output(self.cell, step, self.cell._spatial_sizes(step))
        state = convolved_shape((batch,) + shape[2:], self.kernel_size, self.strides, self.dilation_rate,
                                self.padding, self.filters)[1:]
        output = (batch, steps) + state if self.return_sequences else (batch,) + state
        output = self._channels_first_shape(output, self.return_sequences)
        if self.return_state:
            state = self._channels_first_shape((batch,) + state, False)
            return output, state, state
        return output


class ConvLSTM1D(ConvLSTM):
    """ConvLSTM over (batch, steps, length, channels)."""
    rank = 1


class ConvLSTM2D(ConvLSTM):
    """ConvLSTM over (batch, steps, rows, cols, channels): Keras's next-frame video prediction layer."""
    rank = 2


class ConvLSTM3D(ConvLSTM):
    """ConvLSTM over (batch, steps, depth, rows, cols, channels)."""
    rank = 3


__all__ = ['ConvLSTM1D', 'ConvLSTM2D', 'ConvLSTM3D']
