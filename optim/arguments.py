"""Constructor arguments shared by every optimizer: names, legacy aliases, checks.

Keras 3 rejects ``lr=``; tapeflow honours it with a DeprecationWarning because
many Keras 2 programs use it. Unknown keywords raise an error that is both
TypeError and ValueError (Keras 3 raises ValueError), naming the closest valid one.
"""
import difflib
import inspect
import warnings

import numpy as np

from framework import object_names
from framework.errors import noted, shown_as
from framework.tensor import ConversionError
from framework.variable import Variable
from .live_hyperparameters import is_saved_variable, track_all


def auto_name(class_name):
    """'RMSprop' -> 'rm_sprop', 'AdamW' -> 'adam_w', made unique with a _1, _2 ... suffix
    by the counter Keras shares with layers, losses, metrics and variables."""
    return object_names.auto_name(class_name)


class UnknownArgumentError(TypeError, ValueError):
    """An unknown keyword argument to an optimizer. Keras 3 raises ValueError
    ('Argument(s) not recognized'), Python's own calls TypeError; this is both,
    so either ``except`` clause catches it."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows ValueError there
shown_as(UnknownArgumentError, ValueError)


def valid_arguments(cls):
    """Every keyword the constructors of ``cls`` and its bases accept, plus the legacy ones."""
    names = {'lr', 'decay'}
    for klass in cls.__mro__:
        if '__init__' in vars(klass):
            names.update(p.name for p in inspect.signature(klass.__init__).parameters.values()
                         if p.kind is p.POSITIONAL_OR_KEYWORD and p.name != 'self')
    return names


def resolve_legacy_arguments(cls, learning_rate, kwargs):
    """The learning rate to use, after ``lr=`` and ``decay=``; refuses anything else left in kwargs."""
    kwargs = dict(kwargs)
    if 'lr' in kwargs:
        lr = kwargs.pop('lr')
        default = inspect.signature(cls.__init__).parameters['learning_rate'].default
        if learning_rate is not default and learning_rate != lr:
            raise TypeError('%s: got both learning_rate=%r and its deprecated alias lr=%r; pass only '
                            'learning_rate' % (cls.__name__, learning_rate, lr))
        warnings.warn('The `lr` argument is deprecated, use `learning_rate` instead.',
                      DeprecationWarning, stacklevel=4)
        learning_rate = lr
    if kwargs.pop('decay', None) is not None:
        # Keras 3.15's words (a learning-rate schedule replaces decay), attributed to this line as Keras
        # attributes them to its base_optimizer.py: the default filter shows them once per process, as under
        # TF, not once per line of the user's that builds an optimizer
        warnings.warn(
            'Argument `decay` is no longer supported and will be ignored.')
    if kwargs:
        valid = sorted(valid_arguments(cls))
        hints = []
        for key in kwargs:
            close = difflib.get_close_matches(key, valid, n=1)
            hints.append('%r (did you mean %r?)' % (key, close[0]) if close else repr(key))
        # Keras 3's words; which of them tapeflow thinks was meant, in a note
        raise noted(UnknownArgumentError('Argument(s) not recognized: %s' % (kwargs,)),
                    '%s got unexpected keyword argument(s) %s; valid arguments are: %s'
                    % (cls.__name__, ', '.join(hints), ', '.join(valid)))
    return learning_rate


def refuse_none(value, what):
    """TensorFlow's conversion error for a hyper-parameter given as None (numpy would make it NaN, and
    every update NaN)."""
    if value is None:
        error = ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                'to a Tensor.')
        error.add_note('Argument `%s` must be a number, got None' % what)
        raise error


def check_number(value, what, optional=False):
    """A number, of any sign: Keras 3 takes a negative learning rate, epsilon or clip bound (a clip bound
    <= 0 clips nothing, a negative epsilon may give NaN) and so does tapeflow. None only where ``optional``."""
    if not optional:
        refuse_none(value, what)
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float, np.number))):
        raise TypeError('Argument `%s` must be a number (or None). Received: %s=%r of type %s'
                        % (what, what, value, type(value).__name__))


def check_non_negative(value, what, optional=False):
    """A number >= 0; None only where ``optional``."""
    if not optional:
        refuse_none(value, what)
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float, np.number))):
        raise TypeError('Argument `%s` must be a number >= 0 (or None). Received: %s=%r of type %s'
                        % (what, what, value, type(value).__name__))
    if value is not None and not value >= 0:
        raise ValueError('Argument `%s` must be >= 0. Received: %s=%r' % (what, what, value))


def check_in_range(value, what, low, high, high_inclusive=False, text=None):
    """``low <= value < high`` (or ``<= high``), else a ValueError naming the argument
    (also for a value that is no number: Keras 3 raises ValueError for those too); ``text``:
    Keras's own words for a value out of range, where it has some."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise ValueError('Argument `%s` must be a number in [%s, %s%s. Received: %s=%r of type %s'
                         % (what, low, high, ']' if high_inclusive else ')', what, value, type(value).__name__))
    ok = low <= value <= high if high_inclusive else low <= value < high
    if not ok:
        raise ValueError(text or 'Argument `%s` must be in [%s, %s%s. Received: %s=%r'
                         % (what, low, high, ']' if high_inclusive else ')', what, value))


def check_base_options(weight_decay, clipnorm, clipvalue, global_clipnorm, use_ema, ema_momentum,
                       ema_overwrite_frequency, gradient_accumulation_steps):
    if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
        raise ValueError('Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. '
                         'Received: clipnorm=%s, clipvalue=%s, global_clipnorm=%s'
                         % (clipnorm, clipvalue, global_clipnorm))
    # weight_decay is not checked: Keras 3 casts it only at the step (see step_operands)
    for value, what in ((clipnorm, 'clipnorm'), (clipvalue, 'clipvalue'), (global_clipnorm, 'global_clipnorm')):
        if not isinstance(value, Variable):      # (Keras takes a variable; its `if self.clipnorm` decides at the step)
            check_number(value, what, optional=True)
    if use_ema:
        check_in_range(ema_momentum, 'ema_momentum', 0, 1, high_inclusive=True, text=(
            '`ema_momentum` must be in the range [0, 1]. Received: ema_momentum=%s' % (ema_momentum,)))
        if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int)
                                        or ema_overwrite_frequency < 1):
            raise ValueError('`ema_overwrite_frequency` must be an integer >= 1 or None. '
                             'Received: ema_overwrite_frequency=%s' % ema_overwrite_frequency)
    # Keras 3 asks only `steps >= 2` (a str raises that comparison's TypeError): a NumPy integer trains,
    # True fails the test; a float passes it and fails at TF's first apply, refused here instead
    if gradient_accumulation_steps and not (gradient_accumulation_steps >= 2 and isinstance(
            gradient_accumulation_steps, (int, np.integer))):
        raise ValueError('`gradient_accumulation_steps` must be an integer >= 2. '
                         'Received: gradient_accumulation_steps=%s' % gradient_accumulation_steps)


def scalar_tensor_value(value):
    """A scalar tensor (not a Variable) as its numpy scalar, which the updates can use as Keras uses
    the tensor (``ops.cast`` and arithmetic in its dtype); any other value unchanged (a Variable is kept, to
    be read at each step: live_hyperparameters.py)."""
    if hasattr(value, 'numpy') and getattr(value, 'shape', None) == () and not hasattr(value, 'assign'):
        return value.numpy()
    return value


def check_rate(value, what):
    """A decay rate (beta_1, beta_2, rho, ...) as Keras 3 takes it: any number or scalar tensor, with
    no range check (Adam(beta_1=1.5) trains, beta_1=1.0 gives NaN, as in TensorFlow). Returns the
    value to store; a value that is no number is a ValueError naming the argument."""
    value = scalar_tensor_value(value)
    if isinstance(value, Variable) or is_saved_variable(value):      # see live_hyperparameters.py
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        # a list fails Keras's arithmetic (1 - beta_1): TypeError there; None, a string, a function fail
        # its tensor conversion: ValueError (or TF's Cast error)
        error = TypeError if isinstance(value, (list, tuple)) else ValueError
        raise error('Argument `%s` must be a number. Received: %s=%r of type %s'
                    % (what, what, value, type(value).__name__))
    return value


def check_epsilon(value):
    """epsilon as Keras 3 takes it: a number, or a variable read at each step."""
    if not isinstance(value, Variable) and not is_saved_variable(value):
        check_number(value, 'epsilon')
    return value


def set_moment_options(optimizer, beta_1, beta_2, epsilon):
    """Check and set the Adam family's beta_1, beta_2 and epsilon: numbers, of any value (Keras 3
    checks no range), or variables (tracked as Keras's setattr tracks them)."""
    beta_1, beta_2 = check_rate(beta_1, 'beta_1'), check_rate(beta_2, 'beta_2')
    optimizer.beta_1, optimizer.beta_2, optimizer.epsilon = beta_1, beta_2, check_epsilon(epsilon)
    track_all(optimizer, beta_1, beta_2, epsilon)
