"""How a distributed variable's replicas combine and synchronize (TF's enums; every tf.Variable
reports ``VariableAggregation.NONE`` and ``VariableSynchronization.AUTO`` unless given others;
Keras 3's variables report them as strings: 'none', 'sum', 'only_first_replica', 'auto')."""
import enum


class VariableAggregation(enum.Enum):
    """How a distributed variable's replicas combine their updates (TF's VariableAggregationV2)."""
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):        # the default NONE below is TF's older enum, equal to this one's
        return isinstance(other, (VariableAggregation, DefaultAggregation)) and self.value == other.value


VariableAggregation.__name__ = VariableAggregation.__qualname__ = 'VariableAggregationV2'   # TF's repr
VariableAggregationV2 = VariableAggregation      # where pickle looks the class up by that name


class DefaultAggregation(enum.Enum):
    """TF's first VariableAggregation enum: a variable made without ``aggregation=`` reports its NONE
    (it prints ``VariableAggregation.NONE``), equal to ``tf.VariableAggregation.NONE``."""
    NONE = 0

    __hash__ = VariableAggregation.__hash__
    __eq__ = VariableAggregation.__eq__


DefaultAggregation.__name__ = 'VariableAggregation'     # its str; pickle finds it by __qualname__


class VariableSynchronization(enum.Enum):
    """When a distributed variable's replicas are synchronized."""
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3
