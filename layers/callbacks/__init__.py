"""Callbacks for ``Model.fit`` / ``evaluate`` / ``predict`` (``keras.callbacks``)."""
from .backup_and_restore import BackupAndRestore
from .callback import Callback
from .callback_list import CallbackList
from .csv_logger import CSVLogger
from .early_stopping import EarlyStopping
from .history import History
from .lambda_callback import LambdaCallback
from .learning_rate_scheduler import LearningRateScheduler
from .model_checkpoint import ModelCheckpoint
from .monitor import MonitorCallback
from .orbax_checkpoint import OrbaxCheckpoint
from .progbar_logger import ProgbarLogger
from .reduce_lr_on_plateau import ReduceLROnPlateau
from .remote_monitor import RemoteMonitor
from .swap_ema_weights import SwapEMAWeights
from .tensorboard import TensorBoard
from .terminate_on_nan import TerminateOnNaN

__all__ = ['BackupAndRestore', 'CSVLogger', 'Callback', 'CallbackList', 'EarlyStopping', 'History', 'LambdaCallback',
           'LearningRateScheduler', 'ModelCheckpoint', 'OrbaxCheckpoint', 'ProgbarLogger', 'ReduceLROnPlateau',
           'RemoteMonitor', 'SwapEMAWeights', 'TensorBoard', 'TerminateOnNaN']
