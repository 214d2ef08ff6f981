/** The empty state of the results column (spec §2.1). */
export function ReadyToCalculate({ isCalculating }: { isCalculating: boolean }) {
  return (
    <div className="empty-state" data-testid="ready-to-calculate">
      <span className="empty-state__icon" aria-hidden="true">
        <i className={isCalculating ? 'pi pi-spin pi-spinner' : 'pi pi-calculator'} />
      </span>
      <h2 className="empty-state__title">Ready to Calculate</h2>
      <p className="empty-state__text">
        {isCalculating
          ? 'Calculating your node economics…'
          : 'Enter valid network and economic parameters to see rewards, yields and break-even for your node.'}
      </p>
    </div>
  );
}
