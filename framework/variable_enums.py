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


VariableAggregation.__name__ = VariableAggregation.__qualname__ = 'VariableAggregationV2'   # TF's repr
VariableAggregationV2 = VariableAggregation      # where pickle looks the class up by that name


class VariableSynchronization(enum.Enum):
    """When a distributed variable's replicas are synchronized."""
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3
