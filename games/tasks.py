from celery import shared_task

from games import services


@shared_task(name="games.tasks.bot_turn", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def bot_turn(*, table_id: int, seq: int) -> bool:
    """A bot plays if the table is still at ``seq``; a late or repeated task does nothing."""
    return services.play_bot_move(table_id=table_id, seq=seq)
