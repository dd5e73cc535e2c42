"""``tf.linalg.LinearOperator`` and the operators built on it (loaded on first use of one of their names)."""
from .base import LinearOperator  # noqa: F401
from .combinations import (LinearOperatorAdjoint, LinearOperatorBlockDiag, LinearOperatorComposition,  # noqa: F401
                           LinearOperatorInversion, LinearOperatorKronecker)
from .diagonals import LinearOperatorDiag, LinearOperatorIdentity, LinearOperatorScaledIdentity  # noqa: F401
from .matrices import LinearOperatorFullMatrix, LinearOperatorLowerTriangular  # noqa: F401
from .tridiag import LinearOperatorTridiag  # noqa: F401

__all__ = ['LinearOperator', 'LinearOperatorAdjoint', 'LinearOperatorBlockDiag', 'LinearOperatorComposition',
           'LinearOperatorDiag', 'LinearOperatorFullMatrix', 'LinearOperatorIdentity', 'LinearOperatorInversion',
           'LinearOperatorKronecker', 'LinearOperatorLowerTriangular', 'LinearOperatorScaledIdentity',
           'LinearOperatorTridiag']
