"""Hyper-parameters given as variables (``Adam(beta_1=keras.Variable(0.9))``), read live as Keras 3 reads them.

Keras 3 stores beta_1, beta_2, epsilon, rho, momentum (RMSprop's), weight_decay, ... as given and uses them
in the update's ops: a keras.Variable or tf.Variable there is read at every step, eager or traced, so a
callback or a loop that assigns it changes the next update (TF 2.21 trains on; a tf.function does not keep
the traced value). The arithmetic is then the variable's, in its dtype: Keras's ``1 - self.beta_1`` is a
float32 Sub for a float32 variable (0x1.99999ap-4 + 1 ulp for 0.9), where a Python float enters in double
precision. Keras's tracker also adds a keras.Variable set on an optimizer to ``optimizer.variables`` (after
its iteration count and learning rate), a tf.Variable not. Where Keras asks a Python ``if`` of one (SGD's and
RMSprop's ``momentum``) a traced step meets TensorFlow's refusal of a symbolic tensor's truth. Saved, the
variable is a '__tensor__' entry of the config, which a loaded optimizer keeps as a dict.
"""
from framework.assert_statements import BOOL_REFUSAL
from framework.errors import OperatorNotAllowedInGraphError
from framework.keras_operands import is_keras_variable
from framework.variable import Variable


def live(value):
    """The value an update uses: a variable's current value (a numpy scalar in its dtype, as TF reads it),
    anything else as it is."""
    if type(value) is float:        # (the usual case, read in every update: one test)
        return value
    if isinstance(value, Variable):
        return value._data[()]
    if type(value) is dict:         # a saved variable's entry, as a loaded optimizer holds it
        raise TypeError('Failed to convert elements of %s to Tensor. Consider casting elements to a supported '
                        'type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.'
                        % (value,))
    return value


def is_saved_variable(value):
    """Whether ``value`` is the entry Keras 3 saves for a variable hyper-parameter ({'class_name': '__tensor__',
    'config': {'value': 0.8, 'dtype': 'float32'}}). Keras's from_config hands it to the constructor as it is:
    load_model of such a model works in TF 2.21 (it predicts and evaluates), and the first training step fails
    converting it ("Failed to convert elements of {...} to Tensor")."""
    return type(value) is dict and value.get('class_name') == '__tensor__'


def serialized_config(config):
    """An optimizer's get_config as Keras 3's serialize_keras_object writes it: every value, nested ones too,
    so that its variables and tensors are '__tensor__' entries and the config is JSON (model.save,
    get_compile_config). Nested counts for a learning-rate lambda: its '__lambda__' entry holds the closure's
    values as they are, and TF 2.21 serializes them in keras.optimizers.serialize and in a
    LossScaleOptimizer's config (a closed-over tf.Variable becomes a '__tensor__' entry; a closure holding the
    optimizer itself recurses until Python's RecursionError)."""
    from framework.keras.object_serialization import serialize_keras_object
    return serialize_keras_object(config)


def is_variable(value):
    return isinstance(value, Variable)


def track(optimizer, value):
    """Add a keras.Variable given as a hyper-parameter to ``optimizer.variables``, as Keras 3's tracker does
    when the constructor sets the attribute (TF 2.21: Adam(beta_1=keras.Variable(0.9)).variables lists
    iteration, learning_rate, the variable, then the slots); a tf.Variable is not tracked."""
    if is_keras_variable(value) and not any(v is value for v in optimizer._slots.variables):
        optimizer._slots.track(value)
    return value


def track_all(optimizer, *values):
    for value in values:
        track(optimizer, value)


def tested(value, test):
    """``test(value)`` where Keras's Python tests an option (``if self.momentum > 0``). For a variable that is a
    tensor's truth: eagerly its value, in a traced step TF 2.21's OperatorNotAllowedInGraphError (AutoGraph
    does not convert Keras's optimizer code)."""
    if isinstance(value, Variable):
        from framework import graph_random_ops      # (late: it imports much of the framework)
        if graph_random_ops.current() is not None:
            raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
        return bool(test(value._data[()]))
    return test(value)


# the base options Keras 3 tests in Python before clipping (`if self.clipnorm and self.clipnorm > 0`)
_TESTED_BASE_OPTIONS = ('clipnorm', 'global_clipnorm', 'clipvalue')


def refuse_traced_option_tests(optimizer):
    """A traced step's first apply: TF 2.21 refuses the truth of a tf.Variable clip option there
    (OperatorNotAllowedInGraphError). A keras.Variable refuses any truth test itself (TypeError 'A Keras
    Variable cannot be used as a boolean.'), eager or traced, where the base class tests it."""
    attributes = vars(optimizer)
    for name in _TESTED_BASE_OPTIONS:
        value = attributes.get(name)
        if isinstance(value, Variable) and not is_keras_variable(value):
            raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
