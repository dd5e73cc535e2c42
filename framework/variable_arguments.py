"""tf.Variable's argument checks, as TensorFlow 2.21's ResourceVariable makes them
(variables.validate_synchronization_aggregation_trainable, the constraint and name checks)."""
from .variable_enums import VariableAggregation, VariableSynchronization


def _enum_member(enum, value, what, name):
    if isinstance(value, enum):
        return value
    try:
        return enum(value)          # TF takes the members' integer values too (aggregation=1 is SUM)
    except (ValueError, TypeError):
        error = ValueError('Invalid variable %s mode: %s for variable: %s' % (what, value, name))
        error.add_note('tf.Variable: pass %s=tf.Variable%s.<MEMBER> (one of %s) or leave it None'
                       % (what, 'Aggregation' if what == 'aggregation' else 'Synchronization',
                          ', '.join(m.name for m in enum)))
        raise error from None


def synchronization_aggregation_trainable(synchronization, aggregation, trainable, name):
    """(synchronization, aggregation, trainable) as TF resolves them: enum members (None for
    aggregation is kept, the caller's default), and trainable=None meaning 'unless ON_READ'."""
    if aggregation is not None and not (hasattr(aggregation, 'value') and hasattr(aggregation, 'name')):
        aggregation = _enum_member(VariableAggregation, aggregation, 'aggregation', name)
    if synchronization is not None:
        synchronization = _enum_member(VariableSynchronization, synchronization, 'synchronization', name)
    if trainable is None:
        trainable = synchronization is not VariableSynchronization.ON_READ
    return synchronization, aggregation, trainable


def check_constraint(constraint):
    if constraint is not None and not callable(constraint):
        error = ValueError('Argument `constraint` must be None or a callable. a callable. Got a %s:  %s'
                           % (type(constraint), constraint))      # TensorFlow 2.21's words, doubled phrase included
        error.add_note('tf.Variable: constraint is applied to the value after each optimizer update, '
                       'so it must be a function such as lambda v: tf.clip_by_value(v, 0, 1)')
        raise error


def check_name(name):
    if name is not None and not isinstance(name, str):
        error = ValueError('name for name_scope must be a string.')
        error.add_note('tf.Variable: name=%r (of type %s); pass a string' % (name, type(name).__name__))
        raise error
