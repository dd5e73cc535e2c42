"""Bad input to every public layer, optimizer, loss and metric (the ops are in test_bad_input_sweep.py).

Each either works (NaN and Inf are values; an empty batch gives an empty
result) or raises TypeError / ValueError naming the layer, optimizer, loss or
metric; never a crash from deep inside. A failing ``apply_gradients`` or
``update_state`` leaves every variable, slot and metric total as it was.

Gaps found by this sweep and reported to their owners are listed in
``KNOWN_GAPS``: those cases are strict xfails, so that a fix turns them into
failures that ask for the entry to be removed.
"""
import functools
import inspect
import re
import warnings

import numpy as np
import pytest

import framework as tf
import layers as L
import optim
from framework import keras, losses, metrics

X2 = np.linspace(0, 1, 6, dtype=np.float32).reshape(2, 3)
X3 = np.linspace(0, 1, 24, dtype=np.float32).reshape(2, 4, 3)
X4 = np.linspace(0, 1, 32, dtype=np.float32).reshape(2, 4, 4, 1)
TOKENS = np.array([[0, 1, 2], [3, 4, 0]], np.int32)
Y = np.array([[0., 1., 0.], [1., 0., 0.]], np.float32)
P = np.array([[0.2, 0.7, 0.1], [0.6, 0.3, 0.1]], np.float32)
SPARSE = np.array([1, 0], np.int32)


def functional():
    inputs = L.Input((3,))
    return L.Model(inputs, L.Dense(2)(inputs))


def self_attention():
    inputs = L.Input((4, 3))
    return L.Model(inputs, L.MultiHeadAttention(2, 2)(inputs, inputs))


def _grouped_query_attention():
    inputs = L.Input((4, 3))
    return inputs, L.GroupQueryAttention(2, 2, 1)(inputs, inputs)


# A way to make each public layer, and an input it takes. Cells run inside an RNN.
LAYERS = {
    'Activation': (lambda: L.Activation('relu'), X2), 'Dense': (lambda: L.Dense(4), X2),
    'Dropout': (lambda: L.Dropout(0.5), X2), 'ELU': (L.ELU, X2), 'LeakyReLU': (L.LeakyReLU, X2),
    'ReLU': (L.ReLU, X2), 'ThresholdedReLU': (L.ThresholdedReLU, X2), 'Softmax': (L.Softmax, X2), 'Flatten': (L.Flatten, X3),
    'Lambda': (lambda: L.Lambda(lambda x: x * 2.), X2), 'BatchNormalization': (L.BatchNormalization, X2),
    'LayerNormalization': (L.LayerNormalization, X2),
    'Normalization': (lambda: L.Normalization(mean=0., variance=1.), X2),
    'Rescaling': (lambda: L.Rescaling(0.5), X2), 'RepeatVector': (lambda: L.RepeatVector(2), X2),
    'Reshape': (lambda: L.Reshape((3, 1)), X2), 'Permute': (lambda: L.Permute((2, 1)), X3),
    'Sequential': (lambda: L.Sequential([L.Dense(4)]), X2), 'Model': (functional, X2), 'Functional': (functional, X2),
    'Conv1D': (lambda: L.Conv1D(2, 2), X3), 'Conv2D': (lambda: L.Conv2D(2, 2), X4),
    'AveragePooling1D': (lambda: L.AveragePooling1D(2), X3), 'AvgPool1D': (lambda: L.AvgPool1D(2), X3),
    'MaxPool1D': (lambda: L.MaxPool1D(2), X3), 'MaxPooling1D': (lambda: L.MaxPooling1D(2), X3),
    'AveragePooling2D': (lambda: L.AveragePooling2D(2), X4), 'AvgPool2D': (lambda: L.AvgPool2D(2), X4),
    'MaxPool2D': (lambda: L.MaxPool2D(2), X4), 'MaxPooling2D': (lambda: L.MaxPooling2D(2), X4),
    'GlobalAveragePooling1D': (L.GlobalAveragePooling1D, X3), 'GlobalMaxPooling1D': (L.GlobalMaxPooling1D, X3),
    'GlobalAveragePooling2D': (L.GlobalAveragePooling2D, X4), 'GlobalMaxPooling2D': (L.GlobalMaxPooling2D, X4),
    'Cropping1D': (lambda: L.Cropping1D(1), X3), 'Cropping2D': (lambda: L.Cropping2D(1), X4),
    'ZeroPadding1D': (L.ZeroPadding1D, X3), 'ZeroPadding2D': (L.ZeroPadding2D, X4),
    'Embedding': (lambda: L.Embedding(5, 2), TOKENS), 'ReversibleEmbedding': (lambda: L.ReversibleEmbedding(5, 2), TOKENS),
    'Masking': (L.Masking, X3),
    'SimpleRNN': (lambda: L.SimpleRNN(2), X3), 'GRU': (lambda: L.GRU(2), X3), 'LSTM': (lambda: L.LSTM(2), X3),
    'RNN': (lambda: L.RNN(L.SimpleRNNCell(2)), X3), 'SimpleRNNCell': (lambda: L.RNN(L.SimpleRNNCell(2)), X3),
    'GRUCell': (lambda: L.RNN(L.GRUCell(2)), X3), 'LSTMCell': (lambda: L.RNN(L.LSTMCell(2)), X3),
    'Bidirectional': (lambda: L.Bidirectional(L.LSTM(2)), X3),
    'Add': (L.Add, [X2, X2]), 'Subtract': (L.Subtract, [X2, X2]), 'Multiply': (L.Multiply, [X2, X2]),
    'Average': (L.Average, [X2, X2]), 'Maximum': (L.Maximum, [X2, X2]), 'Minimum': (L.Minimum, [X2, X2]),
    'Concatenate': (L.Concatenate, [X2, X2]),
    'ActivityRegularization': (lambda: L.ActivityRegularization(0.01, 0.01), X2), 'Identity': (L.Identity, X2),
    'AlphaDropout': (lambda: L.AlphaDropout(0.2), X2), 'GaussianDropout': (lambda: L.GaussianDropout(0.2), X2),
    'GaussianNoise': (lambda: L.GaussianNoise(0.1), X2), 'SpatialDropout1D': (lambda: L.SpatialDropout1D(0.2), X3),
    'SpatialDropout2D': (lambda: L.SpatialDropout2D(0.2), X4),
    'SpatialDropout3D': (lambda: L.SpatialDropout3D(0.2), X4[..., None]), 'PReLU': (L.PReLU, X2),
    'UnitNormalization': (L.UnitNormalization, X2), 'Dot': (lambda: L.Dot(2), [X3, X3]),
    'TimeDistributed': (lambda: L.TimeDistributed(L.Dense(2)), X3), 'UpSampling1D': (L.UpSampling1D, X3),
    'UpSampling2D': (L.UpSampling2D, X4), 'Conv2DTranspose': (lambda: L.Conv2DTranspose(2, 2, strides=2), X4),
    'EinsumDense': (lambda: L.EinsumDense('ab,bc->ac', 4, bias_axes='c'), X2), 'Attention': (L.Attention, [X3, X3]),
    'MultiHeadAttention': (lambda: self_attention(), X3),
}
X5 = np.linspace(0, 1, 64, dtype=np.float32).reshape(2, 2, 4, 4, 1)
LAYERS.update({     # the 3-D, transposed, depthwise, separable and adaptive layers, with their second names
    name: (functools.partial(getattr(L, name), *args), x) for names, args, x in [
        (('Conv3D', 'Convolution3D', 'Conv3DTranspose', 'Convolution3DTranspose'), (2, 2), X5),
        (('Conv1DTranspose', 'Convolution1DTranspose', 'Convolution1D', 'SeparableConv1D',
          'SeparableConvolution1D'), (2, 2), X3),
        (('Convolution2D', 'Convolution2DTranspose', 'SeparableConv2D', 'SeparableConvolution2D'), (2, 2), X4),
        (('DepthwiseConv1D', 'AdaptiveAveragePooling1D', 'AdaptiveMaxPooling1D'), (2,), X3),
        (('DepthwiseConv2D', 'AdaptiveAveragePooling2D', 'AdaptiveMaxPooling2D'), (2,), X4),
        (('MaxPooling3D', 'MaxPool3D', 'AveragePooling3D', 'AvgPool3D', 'AdaptiveAveragePooling3D',
          'AdaptiveMaxPooling3D'), (2,), X5),
        (('GlobalAveragePooling3D', 'GlobalAvgPool3D', 'GlobalMaxPooling3D', 'GlobalMaxPool3D', 'UpSampling3D',
          'ZeroPadding3D'), (), X5),
        (('Cropping3D',), (0,), X5), (('GlobalAvgPool1D', 'GlobalMaxPool1D', 'RMSNormalization'), (), X3),
        (('GlobalAvgPool2D', 'GlobalMaxPool2D'), (), X4), (('GroupNormalization',), (3,), X3),
        (('AdditiveAttention',), (), [X3, X3])]
    for name in names})
X6 = np.linspace(0, 1, 128, dtype=np.float32).reshape(2, 2, 2, 4, 4, 1)
LAYERS.update({     # the convolutional LSTMs: (batch, steps, *spatial, channels)
    'ConvLSTM1D': (lambda: L.ConvLSTM1D(2, 2), X4), 'ConvLSTM2D': (lambda: L.ConvLSTM2D(2, 2), X5),
    'ConvLSTM3D': (lambda: L.ConvLSTM3D(2, 2), X6)})
LAYERS.update({
    'StackedRNNCells': (lambda: L.RNN(L.StackedRNNCells([L.SimpleRNNCell(2), L.LSTMCell(2)])), X3),
    'Wrapper': (lambda: L.Wrapper(L.Dense(2)), X2),
    'SpectralNormalization': (lambda: L.SpectralNormalization(L.Dense(2)), X2)})
LAYERS.update({
    'GroupQueryAttention': (lambda: L.Model(*_grouped_query_attention()), X3)})
from test_missing_tfsm_layer import exported  # noqa: E402  (a SavedModel artifact for TFSMLayer)
LAYERS['TFSMLayer'] = (lambda: L.TFSMLayer(exported(X2.shape[-1])), X2)
NOT_CALLABLE_LAYERS = {'Input', 'InputLayer', 'InputSpec', 'KerasTensor',     # symbolic inputs, not layers
                       'Layer'}       # the base class: its call raises NotImplementedError, as Keras 3's
# Layers whose weights fix the size of the input's last axis once built.
SIZED = {'Dense', 'Conv1D', 'Conv2D', 'BatchNormalization', 'LayerNormalization', 'SimpleRNN', 'GRU', 'LSTM', 'RNN',
         'SimpleRNNCell', 'GRUCell', 'LSTMCell', 'Bidirectional', 'Sequential', 'Model', 'Functional',
         'Conv2DTranspose', 'EinsumDense', 'PReLU', 'TimeDistributed', 'MultiHeadAttention'}
SIZED |= {'Conv3D', 'Convolution3D', 'Conv1DTranspose', 'Convolution1DTranspose', 'Conv3DTranspose',
          'Convolution3DTranspose', 'Convolution1D', 'Convolution2D', 'Convolution2DTranspose', 'DepthwiseConv1D',
          'DepthwiseConv2D', 'SeparableConv1D', 'SeparableConvolution1D', 'SeparableConv2D', 'SeparableConvolution2D',
          'GroupNormalization', 'RMSNormalization', 'StackedRNNCells', 'Wrapper',
          'SpectralNormalization', 'ConvLSTM1D', 'ConvLSTM2D', 'ConvLSTM3D', 'GroupQueryAttention', 'TFSMLayer'}

# (kind, entry point, case) -> what is wrong, as reported to the entry point's owner.
KNOWN_GAPS = {}


def known_gap(reason, kind, names, case):
    for name in names:
        KNOWN_GAPS[(kind, name, case)] = reason

def snake(name):
    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower()

def _text(err):
    # Keras-worded call errors name the class; the layer's name rides along as a note.
    return '\n'.join([str(err)] + getattr(err, '__notes__', []))


def names_it(err, *names):
    text = _text(err).lower()
    return any(n and (n.lower() in text or snake(n) in text) for n in names)

from test_preprocessing_sweep import PREPROCESSING_LAYERS  # noqa: E402  (string, integer and image inputs)
LAYERS.update(PREPROCESSING_LAYERS)

def cases(kind, names, checks):
    out = []
    for name in names:
        for check in checks:
            gap = KNOWN_GAPS.get((kind, name, check))
            marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
            out.append(pytest.param(name, check, marks=marks, id='%s-%s' % (name, check)))
    return out

def test_every_public_layer_is_swept():
    public = [n for n in L.__all__ if inspect.isclass(getattr(L, n))]
    missing = [n for n in public if n not in LAYERS and n not in NOT_CALLABLE_LAYERS]
    assert not missing, 'add these layers to LAYERS: %s' % missing

def built(name):
    make, x = LAYERS[name]
    layer = make()
    layer(x, training=True)
    return layer, x

def call_outcome(layer, value, must_fail):
    """None when the call works (and may) or fails clearly; otherwise what went wrong."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            layer(value, training=True)
    except (TypeError, ValueError) as err:
        # Naming the inner layer that refused the input (a model's first Dense) also tells the user where.
        if names_it(err, layer.name, type(layer).__name__) or 'of layer "' in _text(err):
            return None
        return 'unnamed %s: %s' % (type(err).__name__, err)
    except Exception as err:
        return 'crash %s: %s' % (type(err).__name__, err)
    return 'accepted' if must_fail else None

def layer_inputs(check, x):
    """(value, must_fail) pairs for one kind of bad input."""
    if check == 'unconvertible':
        return [(None, True), (object(), True)] + ([([x[0], None], True)] if isinstance(x, list) else [])
    arrays = x if isinstance(x, list) else [x]
    if check == 'nan':
        made = [np.where(a > 0.5, np.nan, a).astype(a.dtype) if a.dtype.kind == 'f' else a for a in arrays]
    elif check == 'empty_batch':
        made = [a[:0] for a in arrays]
    elif check == 'integer_data':
        made = [a.astype(np.int32) if a.dtype.kind in 'biuf' else a for a in arrays]   # strings stay strings
    elif check in ('bool_data', 'complex_data'):      # e.g. a conv layer refuses them, naming itself (fuzz6)
        kind = bool if check == 'bool_data' else np.complex64
        made = [a.astype(kind) if a.dtype.kind in 'biuf' else a for a in arrays]
    return [(made if isinstance(x, list) else made[0], False)]

@pytest.mark.parametrize('name, check', cases('layer', sorted(LAYERS),
                                              ['unconvertible', 'nan', 'empty_batch', 'integer_data',
                                               'bool_data', 'complex_data']))
def test_layer_call_with_bad_input(name, check):
    layer, x = built(name)
    problems = [p for p in (call_outcome(layer, value, must_fail) for value, must_fail in layer_inputs(check, x)) if p]
    assert not problems, problems

@pytest.mark.parametrize('name, check', cases('sized', sorted(SIZED), ['wider']))
def test_layer_rejects_another_feature_size_once_built(name, check):
    layer, x = built(name)
    wider = np.ones(x.shape[:-1] + (x.shape[-1] + 2,), x.dtype)
    assert call_outcome(layer, wider, must_fail=True) is None

BAD_CONSTRUCTORS = [
    (L.Dense, dict(units=0)), (L.Dense, dict(units=-3)), (L.Dense, dict(units='four')), (L.Dense, dict(units=None)),
    (L.Dense, dict(units=4, activation='no_such_activation')), (L.Dense, dict(units=4, no_such_argument=1)),
    (L.Dropout, dict(rate=1.5)), (L.Dropout, dict(rate=-0.1)), (L.Dropout, dict(rate='half')),
    (L.Conv2D, dict(filters=0, kernel_size=2)), (L.Conv2D, dict(filters=2, kernel_size=0)),
    (L.LSTM, dict(units=0)), (L.Embedding, dict(input_dim=0, output_dim=2)), (L.RepeatVector, dict(n=-1)),
    (L.Reshape, dict(target_shape=(-1, -1))),    # (Keras 3.15 takes target_shape='abc' and fails on a call)
    (L.Activation, dict(activation='no_such_activation')),
    # tf.nn's [1, s, ..., s, 1] form, which Keras's N-D layers refuse (tests/test_fuzz4_layer_arguments.py)
    (L.Conv3D, dict(filters=2, kernel_size=2, strides=(1, 1, 1, 1, 1))),
    (L.DepthwiseConv2D, dict(kernel_size=2, dilation_rate=(1, 1, 1, 1))), (L.UpSampling3D, dict(size=(2, 2, 2, 1, 1))),
]

@pytest.mark.parametrize('cls, kwargs', BAD_CONSTRUCTORS, ids=lambda v: getattr(v, '__name__', None) or repr(v))
def test_layer_constructor_rejects_bad_arguments(cls, kwargs):
    with pytest.raises((TypeError, ValueError)) as err:
        cls(**kwargs)
    assert names_it(err.value, cls.__name__, *kwargs), str(err.value)

# ---- optimizers ------------------------------------------------------------------------------------
OPTIMIZERS = sorted(optim.BUILT_IN)
OPTIONS = [{}, dict(clipnorm=1.0), dict(use_ema=True), dict(gradient_accumulation_steps=2), dict(global_clipnorm=1.0)]

def optimizer_state(optimizer, variables):
    return [v.numpy().copy() for v in variables] + [v.numpy().copy() for v in optimizer.variables]

BAD_GRADIENTS = {
    'wrong_shape': lambda: tf.constant(np.ones(4, np.float32)), 'string': lambda: 'abc',
    'nested_list': lambda: [[1.0]], 'dict': lambda: {'a': 1.0},
}

@pytest.mark.parametrize('options', OPTIONS, ids=lambda o: ','.join(o) or 'default')
@pytest.mark.parametrize('name', OPTIMIZERS)
def test_a_bad_gradient_in_the_middle_changes_nothing(name, options):
    optimizer = optim.BUILT_IN[name](learning_rate=0.1, **options)
    # (Muon reads its variables' Keras paths, as Keras's does: a raw tf.Variable raises there)
    variable = keras.Variable if name == 'muon' else tf.Variable
    variables = [variable(np.ones((2, 3), np.float32), name='a'), variable(np.ones(3, np.float32), name='b'),
                 variable(np.ones((3, 1), np.float32), name='c')]
    grads = [tf.constant(np.full(v.shape, 0.5, np.float32)) for v in variables]
    optimizer.apply_gradients(zip(grads, variables))         # slots exist now
    for label, make in BAD_GRADIENTS.items():
        before = optimizer_state(optimizer, variables)
        bad = list(grads)
        bad[1] = make()
        with pytest.raises((TypeError, ValueError), match='apply_gradients') as err:
            optimizer.apply_gradients(zip(bad, variables))
        after = optimizer_state(optimizer, variables)
        assert len(before) == len(after), '%s: the failed call added state' % label
        for a, b in zip(before, after):
            np.testing.assert_array_equal(a, b, err_msg='%s changed state: %s' % (label, err.value))
    before = optimizer_state(optimizer, variables)
    with pytest.raises(TypeError, match='apply_gradients'):
        optimizer.apply_gradients([(grads[0], variables[0]), (grads[1], tf.constant(X2[0])),
                                   (grads[2], variables[2])])
    for a, b in zip(before, optimizer_state(optimizer, variables)):
        np.testing.assert_array_equal(a, b)

def test_nan_gradients_are_applied_as_values():
    # TensorFlow applies NaN gradients (check_numerics is the tool that stops them).
    variable = tf.Variable([1., 2.])
    optim.SGD(0.1).apply_gradients([(tf.constant([np.nan, 1.]), variable)])
    assert np.isnan(variable.numpy()[0]) and variable.numpy()[1] == np.float32(1.9)

# (a negative learning rate or clip bound is no bad argument: Keras 3 on TF 2.21 takes both; nor is
# weight_decay='x' for the constructor: Keras casts it at the first step, see test_errors13_step_operands)
BAD_OPTIMIZER_ARGUMENTS = [dict(learning_rate='abc'), dict(learning_rate=None),
                           dict(clipnorm='x'), dict(no_such_argument=1),
                           dict(epsilon=None)]      # numpy's float(None) is NaN: every update was NaN


@pytest.mark.parametrize('name, kwargs', [
    pytest.param(n, kw, id='%s-%s' % (n, kw), marks=[pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[
        ('optimizer', n, repr(kw))])] if ('optimizer', n, repr(kw)) in KNOWN_GAPS else [])
    for n in OPTIMIZERS for kw in BAD_OPTIMIZER_ARGUMENTS])
def test_optimizer_constructor_rejects_bad_arguments(name, kwargs):
    cls = optim.BUILT_IN[name]
    with pytest.raises((TypeError, ValueError)) as err:
        cls(**kwargs)
    assert names_it(err.value, cls.__name__, *kwargs), str(err.value)

# ---- losses and metrics ----------------------------------------------------------------------------
LOSS_FUNCTIONS = sorted({getattr(losses, n).__name__ for n in dir(losses) if not n.startswith('_')
                         and inspect.isfunction(getattr(losses, n))
                         and n not in ('get', 'serialize', 'deserialize', 'reduce_weighted_values')})
LOSS_CLASSES = sorted(n for n in dir(losses) if inspect.isclass(getattr(losses, n))
                      and issubclass(getattr(losses, n), losses.Loss) and n not in ('Loss', 'LossFunctionWrapper'))
METRIC_CLASSES = sorted(n for n in dir(metrics) if inspect.isclass(getattr(metrics, n))
                        and issubclass(getattr(metrics, n), metrics.Metric) and n not in ('Metric', 'MeanMetricWrapper'))

# Losses scored against integer labels, and what Keras gives no default (the q of generalized cross-entropy).
LABEL_LOSSES = ('circle', 'categorical_generalized_cross_entropy', 'categoricalgeneralizedcrossentropy')
LOSS_ARGUMENTS = {'categorical_generalized_cross_entropy': {'q': 0.5}}

# CTC scores label sequences (batch, length) against per-frame logits (batch, frames, classes).
SEQUENCE_INPUTS = (np.array([[1, 2], [2, 0]], np.int32), np.linspace(-1, 1, 24, dtype=np.float32).reshape(2, 4, 3))

def loss_entry(name):
    obj = getattr(losses, name)
    fn = obj() if inspect.isclass(obj) else functools.partial(obj, **LOSS_ARGUMENTS.get(name, {}))
    labels = SPARSE if 'sparse' in name.lower() or name.lower() in LABEL_LOSSES else Y
    if name.lower() == 'ctc':
        return fn, SEQUENCE_INPUTS[0], (name, getattr(fn, 'name', None)), SEQUENCE_INPUTS[1]
    return fn, labels, (name, getattr(fn, 'name', None)), P

BAD_LABELS = {'none': None, 'dict': {'a': 1}, 'object': object(), 'non_numeric_string': 'abc',
              'wrong_shape': np.ones((4, 5), np.float32)}

@pytest.mark.parametrize('name, check', cases('loss', LOSS_FUNCTIONS + LOSS_CLASSES, sorted(BAD_LABELS)))
def test_loss_with_bad_input_raises_naming_the_loss(name, check):
    fn, labels, names, predictions = loss_entry(name)
    fn(labels, predictions)
    problems = []
    for position in (0, 1):
        args = [labels, predictions]
        args[position] = BAD_LABELS[check]
        try:
            fn(*args)
            problems.append('position %d accepted' % position)
        except (TypeError, ValueError) as err:
            if not names_it(err, *names):
                problems.append('position %d, unnamed %s: %s' % (position, type(err).__name__, err))
        except Exception as err:
            problems.append('position %d, crash %s: %s' % (position, type(err).__name__, err))
    assert not problems, problems

@pytest.mark.parametrize('name', LOSS_FUNCTIONS + LOSS_CLASSES)
def test_loss_computes_with_nan_and_empty_batches(name):
    fn, labels, _, predictions = loss_entry(name)
    with_nan = predictions.copy()
    with_nan[0, 0] = np.nan
    assert np.isnan(np.asarray(fn(labels, with_nan))).any()
    if name in EMPTY_BATCH_REFUSED:
        with pytest.raises(tf.errors.InvalidArgumentError, match="empty tensor"):
            fn(labels[:0], predictions[:0])
    else:
        fn(labels[:0], predictions[:0])

# Keras 3.15 computes categorical_hinge with keras.ops.max, which on TF asserts a non-empty input:
# an empty batch raises there ("Cannot compute the max of an empty tensor.", TF 2.21 run).
EMPTY_BATCH_REFUSED = {'categorical_hinge', 'CategoricalHinge'}

# Metrics whose constructor needs an argument (Keras gives these no default).
METRIC_ARGUMENTS = {'PrecisionAtRecall': {'recall': 0.5}, 'RecallAtPrecision': {'precision': 0.5},
                    'SensitivityAtSpecificity': {'specificity': 0.5}, 'SpecificityAtSensitivity': {'sensitivity': 0.5},
                    'IoU': {'num_classes': 3, 'target_class_ids': [0, 2]}, 'MeanIoU': {'num_classes': 3},
                    'OneHotIoU': {'num_classes': 3, 'target_class_ids': [0, 2]}, 'OneHotMeanIoU': {'num_classes': 3}}

def metric_entry(name):
    metric = getattr(metrics, name)(**METRIC_ARGUMENTS.get(name, {}))
    if name in ('Mean', 'Sum'):
        return metric, (P,)
    return metric, ((SPARSE if 'Sparse' in name else Y), P)

def metric_state(metric):
    return [v.numpy().copy() for v in metric.variables]


# Mean and Sum take values of any shape: a (4, 5) batch after a (2, 3) one is a valid update for them.
@pytest.mark.parametrize('name, check', [c for c in cases('metric', METRIC_CLASSES, ['none', 'non_numeric_string',
                                                                                     'wrong_shape', 'sample_weight_shape'])
                                         if c.values not in (('Mean', 'wrong_shape'), ('Sum', 'wrong_shape'))])
def test_failed_metric_update_names_the_metric_and_changes_nothing(name, check):
    metric, good = metric_entry(name)
    metric.update_state(*good)
    before = metric_state(metric)
    args, kwargs = list(good), {}
    if check == 'sample_weight_shape':
        kwargs['sample_weight'] = np.ones(7, np.float32)
    else:
        args[-1] = {'none': None, 'non_numeric_string': 'abc', 'wrong_shape': np.ones((4, 5), np.float32)}[check]
    # UnimplementedError: TensorFlow's Cast kernel refuses a string where a number goes
    with pytest.raises((TypeError, ValueError, tf.errors.UnimplementedError)) as err:
        metric.update_state(*args, **kwargs)
    for a, b in zip(before, metric_state(metric)):
        np.testing.assert_array_equal(a, b)
    wrapped = getattr(getattr(metric, '_fn', None), '__name__', None)     # the loss a metric averages
    assert names_it(err.value, name, metric.name, wrapped), str(err.value)
